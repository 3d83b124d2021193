import { open } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';

export interface SniffedType {
  mime: string;
  ext: string;
  kind: 'image' | 'video' | 'pdf';
}

/** What sharp (as shipped) decodes; HEIC needs a codec the prebuilt sharp does not carry. */
const IMAGES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);
const VIDEOS = new Set(['video/mp4', 'video/quicktime', 'video/webm', 'video/x-m4v']);

/**
 * The type from the file's own bytes (magic numbers), never from its name or the client's
 * Content-Type. Null for anything outside the allow-list: SVG, HTML, archives, text, HEIC...
 */
export async function sniffFile(file: string): Promise<SniffedType | null> {
  const found = await fileTypeFromFile(file).catch(() => undefined);
  if (!found) return null;
  if (IMAGES.has(found.mime)) return { mime: found.mime, ext: found.ext, kind: 'image' };
  if (VIDEOS.has(found.mime)) return { mime: found.mime, ext: found.ext, kind: 'video' };
  if (found.mime === 'application/pdf') return { mime: found.mime, ext: 'pdf', kind: 'pdf' };
  return null;
}

const EOCD = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;

/**
 * A ZIP archive hidden behind another format (a JPEG/ZIP or PDF/ZIP polyglot): a ZIP
 * end-of-central-directory record that ends exactly at the end of the file.
 */
export async function hasZipTrailer(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const length = Math.min(size, EOCD_SIZE + MAX_COMMENT);
    const tail = Buffer.alloc(length);
    await handle.read(tail, 0, length, size - length);
    for (let at = tail.lastIndexOf(EOCD); at >= 0; at = at > 0 ? tail.lastIndexOf(EOCD, at - 1) : -1) {
      if (at + EOCD_SIZE > length) continue;
      const commentLength = tail.readUInt16LE(at + 20);
      if (at + EOCD_SIZE + commentLength === length) return true;
    }
    return false;
  } finally {
    await handle.close();
  }
}

import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import type { Storage } from '../../adapters/storage/storage.ts';
import type { MediaVariant } from '../../db/schema/media.ts';
import { handleOrName } from '../../lib/names.ts';
import { embedMark, type Pattern } from '../../lib/photo-mark.ts';
import type { MediaRecord, OwnerMarkSettings } from '../../repositories/media/media.repository.ts';

/**
 * The visible mark on a creator's photos: `<host>/<handle>` in the bottom-right corner, and on
 * paid content (when the creator asks) a second line naming the viewer. Made by the server on the
 * renditions as they are delivered, never on the blurred preview, and kept in the media's own
 * folder (`<id>/marked/<variant>-<text hash>.<ext>`) so the second view costs nothing and deleting
 * the media deletes its marked copies. The text is part of the key: a changed setting, handle or
 * viewer makes a new copy. Every marked original leaves through `markedOriginal`, so a later
 * per-viewer mark has one place to go.
 */

/** Text height as a share of the image's longer side, and the floor that keeps it readable. */
const TEXT_SHARE = 0.03;
const MIN_TEXT_PX = 14;

/** The text of a mark, line by line: the page address, then the viewer where asked. */
export function markLines(options: {
  publicUrl: string;
  settings: OwnerMarkSettings | null;
  paid: boolean;
  viewerName: string | null;
}): string[] {
  const { settings } = options;
  if (!settings || settings.watermark === 'off') return [];
  const lines = [`${new URL(options.publicUrl).host}/${settings.handle}`];
  if (settings.watermarkViewerHandle && options.paid && options.viewerName) lines.push(options.viewerName);
  return lines;
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

/** The pixel size of the mark's text for an image of this size. */
export const markTextSize = (width: number, height: number) =>
  Math.max(MIN_TEXT_PX, Math.round(Math.max(width, height) * TEXT_SHARE));

/** An SVG the size of the image with the lines in its bottom-right corner: white, dark outline. */
export function overlaySvg(width: number, height: number, lines: string[]): Buffer {
  const size = markTextSize(width, height);
  const margin = Math.round(size * 0.8);
  const stroke = Math.max(2, Math.round(size / 7));
  const texts = lines
    .map((line, index) => {
      const y = height - margin - (lines.length - 1 - index) * Math.round(size * 1.25);
      return `<text x="${width - margin}" y="${y}">${escapeXml(line)}</text>`;
    })
    .join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<g font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="bold" font-size="${size}" ` +
      `text-anchor="end" fill="#ffffff" fill-opacity="0.9" stroke="#000000" stroke-opacity="0.75" ` +
      `stroke-width="${stroke}" paint-order="stroke" stroke-linejoin="round">${texts}</g></svg>`,
  );
}

/** The image's bytes with the mark drawn on, in the rendition's own format. */
export async function drawMark(input: Buffer, mime: string, lines: string[]): Promise<Buffer> {
  const image = sharp(input);
  const { width = 0, height = 0 } = await image.metadata();
  const marked = image.composite([{ input: overlaySvg(width, height, lines), top: 0, left: 0 }]);
  if (mime === 'image/jpeg') return marked.jpeg({ quality: visibleQuality(mime) }).toBuffer();
  if (mime === 'image/png') return marked.png().toBuffer();
  return marked.webp({ quality: visibleQuality(mime) }).toBuffer();
}

/** The quality a photo with the visible mark is encoded at (JPEG 82, WebP 80; PNG is lossless). */
const visibleQuality = (mime: string) => (mime === 'image/jpeg' ? 82 : 80);

/**
 * How a rendition with the invisible mark is encoded: in its own format, at the visible mark's
 * quality when that is drawn in the same encode, else at JPEG 90 or WebP 85 (bench/watermark.ts
 * encodes its bare line the same way).
 */
export function markedEncoding(
  mime: string,
  withVisible: boolean,
): { format: 'jpeg' | 'png' | 'webp'; quality: number } {
  const format = mime === 'image/png' ? 'png' : mime === 'image/jpeg' ? 'jpeg' : 'webp';
  return { format, quality: withVisible ? visibleQuality(mime) : format === 'jpeg' ? 90 : 85 };
}

/** A transparent PNG the size of a video frame with the mark in its corner (ffmpeg's overlay filter). */
export async function markPng(width: number, height: number, lines: string[]): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: overlaySvg(width, height, lines), top: 0, left: 0 }])
    .png()
    .toBuffer();
}

export interface MarksDeps {
  storage: Storage;
  /** PUBLIC_URL: its host starts the page address. */
  publicUrl: string;
  media: {
    ownerMarkSettings(ownerId: string): Promise<OwnerMarkSettings | null>;
    isPaidContent(mediaId: string): Promise<boolean>;
    markPersonOf(
      userId: string,
    ): Promise<{ handle: string | null; firstName: string; lastName: string } | null>;
  };
  /**
   * The invisible mark of this viewer's delivery of a photo (server/lib/photo-mark.ts), made by
   * server/services/media/leak-trace.service.ts; absent, photos carry the visible mark only.
   */
  deliveryMark?: (mediaId: string, viewerId: string) => Promise<{ deliveryId: string; pattern: Pattern }>;
}

/** Photos of a creator's posts and messages carry the mark; avatars, banners and videos do not here. */
const markable = (row: Pick<MediaRecord, 'kind' | 'purpose'>, variant: string) =>
  row.kind === 'image' && row.purpose === 'post' && variant !== 'preview';

export function createMarks(deps: MarksDeps) {
  /** How many marked copies were drawn (not found in the cache): what the tests watch. */
  let rendered = 0;
  const drawing = new Map<string, Promise<MediaVariant>>();

  async function linesFor(row: MediaRecord, viewerId: string | null): Promise<string[]> {
    const settings = await deps.media.ownerMarkSettings(row.ownerId);
    if (!settings || settings.watermark === 'off') return [];
    const wantsViewer = settings.watermarkViewerHandle && viewerId !== null;
    const paid = wantsViewer ? await deps.media.isPaidContent(row.id) : false;
    const person = wantsViewer && paid && viewerId ? await deps.media.markPersonOf(viewerId) : null;
    const viewerName = person && viewerId ? handleOrName(person, `fan ${viewerId.slice(0, 8)}`) : null;
    return markLines({ publicUrl: deps.publicUrl, settings, paid, viewerName });
  }

  async function draw(
    file: MediaVariant,
    key: string,
    lines: string[],
    pattern: Pattern | null,
  ): Promise<MediaVariant> {
    const chunks: Buffer[] = [];
    for await (const chunk of await deps.storage.get(file.key)) chunks.push(chunk as Buffer);
    let bytes: Buffer = Buffer.concat(chunks);
    // The invisible mark first (it changes brightness a little everywhere), then the visible text
    // over it, in the same encode (at the visible mark's quality) when there are both.
    if (pattern)
      bytes = await embedMark(bytes, pattern, {
        ...markedEncoding(file.mime, lines.length > 0),
        overlay: lines.length > 0 ? (width, height) => overlaySvg(width, height, lines) : undefined,
        size: file.width && file.height ? { width: file.width, height: file.height } : undefined,
      });
    else if (lines.length > 0) bytes = await drawMark(bytes, file.mime, lines);
    rendered += 1;
    const { size } = await deps.storage.put(key, Readable.from([bytes]), {
      maxBytes: bytes.length,
      contentType: file.mime,
    });
    return { ...file, key, size };
  }

  return {
    /**
     * The rendition a viewer gets: the stored one, or its marked copy (drawn once, then read from
     * storage) when the owner's mark is on. `viewerId`: whom the link was made for, if anyone.
     * Returns `tag`, a short text that changes with the mark (for the ETag).
     */
    async markedOriginal(
      row: MediaRecord,
      variant: string,
      file: MediaVariant,
      viewerId: string | null,
    ): Promise<{ file: MediaVariant; tag: string | null }> {
      if (!markable(row, variant)) return { file, tag: null };
      const lines = await linesFor(row, viewerId);
      // Every photo delivered to someone else than its owner names that delivery, invisibly.
      const invisible =
        deps.deliveryMark && viewerId !== null && viewerId !== row.ownerId
          ? await deps.deliveryMark(row.id, viewerId)
          : null;
      if (lines.length === 0 && !invisible) return { file, tag: null };
      const tag = createHash('sha256')
        .update(lines.join('\n'))
        .update(invisible ? `\n#${invisible.deliveryId}` : '')
        .digest('hex')
        .slice(0, 16);
      const extension = file.key.split('.').at(-1) ?? 'bin';
      const key = `${row.id}/marked/${variant}-${tag}.${extension}`;
      const stored = await deps.storage.stat(key);
      if (stored) return { file: { ...file, key, size: stored.size }, tag };
      let pending = drawing.get(key);
      if (!pending) {
        pending = draw(file, key, lines, invisible?.pattern ?? null).finally(() => drawing.delete(key));
        drawing.set(key, pending);
      }
      return { file: await pending, tag };
    },

    /**
     * The page address to burn into a video being processed, or null when the owner's mark is off.
     * Videos are shared by all their viewers: never a viewer's name.
     */
    async videoMark(row: Pick<MediaRecord, 'ownerId'>): Promise<string | null> {
      const settings = await deps.media.ownerMarkSettings(row.ownerId);
      return markLines({ publicUrl: deps.publicUrl, settings, paid: false, viewerName: null })[0] ?? null;
    },

    /** Marked copies drawn since start (a cache hit draws none). */
    renderCount: () => rendered,
  };
}

export type Marks = ReturnType<typeof createMarks>;

import { crc32, deflateSync } from 'node:zlib';
import { thumbHashToRGBA } from 'thumbhash';

/** Pixels on the picture's longer side: the browser's smooth scaling does the rest. */
const LONG_SIDE = 8;
/** Placeholders kept, by thumbhash (each about 300 bytes). */
const CACHE_SIZE = 5_000;

const PNG_SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);

function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** An RGB PNG (8 bits a channel, no filter), its pixel rows compressed. */
function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const rowBytes = width * 3;
  const raw = Buffer.alloc((rowBytes + 1) * height);
  for (let y = 0; y < height; y += 1)
    raw.set(rgb.subarray(y * rowBytes, (y + 1) * rowBytes), y * (rowBytes + 1) + 1);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The thumbhash's picture averaged down to LONG_SIDE pixels on its longer side, without alpha. */
function shrink(hash: Uint8Array): { width: number; height: number; rgb: Uint8Array } {
  // A thumbhash has at least 5 bytes; the decoder does not check, and a short one comes out empty.
  if (hash.length < 5) throw new Error('not a thumbhash');
  const { w, h, rgba } = thumbHashToRGBA(hash);
  if (w < 1 || h < 1 || rgba.length < w * h * 4) throw new Error('not a thumbhash');
  const scale = LONG_SIDE / Math.max(w, h);
  const width = Math.max(1, Math.min(w, Math.round(w * scale)));
  const height = Math.max(1, Math.min(h, Math.round(h * scale)));
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    const top = Math.floor((y * h) / height);
    const bottom = Math.max(top + 1, Math.floor(((y + 1) * h) / height));
    for (let x = 0; x < width; x += 1) {
      const left = Math.floor((x * w) / width);
      const right = Math.max(left + 1, Math.floor(((x + 1) * w) / width));
      for (let channel = 0; channel < 3; channel += 1) {
        let sum = 0;
        for (let row = top; row < bottom; row += 1)
          for (let column = left; column < right; column += 1)
            sum += rgba[(row * w + column) * 4 + channel] ?? 0;
        rgb[(y * width + x) * 3 + channel] = Math.round(sum / ((bottom - top) * (right - left)));
      }
    }
  }
  return { width, height, rgb };
}

const cache = new Map<string, string | null>();

/**
 * What a card paints while its picture loads: the media's thumbhash as a PNG data URL of a few
 * pixels (about 300 characters), which the browser stretches smoothly over the box. Made here,
 * once per thumbhash, so the browser needs no decoder and a server-rendered page carries a few
 * hundred bytes per picture instead of a 32-pixel picture's 5 KB. Null for no or an unreadable hash.
 */
export function placeholderDataUrl(thumbhash: string | null): string | null {
  if (!thumbhash) return null;
  const known = cache.get(thumbhash);
  if (known !== undefined) return known;
  let url: string | null;
  try {
    const { width, height, rgb } = shrink(Buffer.from(thumbhash, 'base64'));
    url = `data:image/png;base64,${encodePng(width, height, rgb).toString('base64')}`;
  } catch {
    url = null;
  }
  // Oldest first out: a Map iterates in insertion order.
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(thumbhash, url);
  return url;
}

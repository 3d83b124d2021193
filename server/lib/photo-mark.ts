/**
 * The invisible per-delivery mark on photos, and finding it again in a copy found elsewhere.
 *
 * Marking: each delivery (one viewer, one photo) has its own pseudo-random pattern of ±1 over a
 * GRID x GRID grid laid on the photo (an HMAC of the delivery id under the app's secret: nobody
 * without the secret can make or predict one). The pattern is enlarged smoothly to the photo's size
 * and added to its brightness at a small amplitude (a few levels of 255): a slow, low-contrast
 * change that JPEG, resizing and screenshots keep, because they throw away fine detail, not
 * brightness spread over tens of pixels.
 *
 * Tracing: the copy is first aligned with the original (which the platform keeps): its scale and
 * where it sits, so a cropped or resized copy is mapped back onto the original's grid. Each grid
 * cell the copy covers gives one number: how much brighter the copy is there than the original
 * (after matching overall brightness and contrast). That residual is correlated with the pattern of
 * every delivery of the photo. The delivery id is thus carried by GRID² chips, each repeated over a
 * whole cell: losing a tenth of them to a crop or burying each in noise only lowers the correlation,
 * which is the error correction. A correlation is turned into a z-score (how many standard
 * deviations above what an unmarked copy gives: about 1/sqrt(cells) each); a delivery is named only
 * above MIN_Z and clearly above the next one, so an unmarked copy, or another viewer's, is never
 * named (figures in photo-mark.test.ts).
 */
import { createHmac } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';

export const GRID = 64;
/** Brightness change at a cell's centre, in levels of 255. */
export const MARK_AMPLITUDE = 2;
/** A delivery is named only this far above chance (an unmarked copy's best z stays near 4). */
export const MIN_Z = 8;
/** ...and this much above the next delivery's. */
const MIN_LEAD = 4;

export type Pattern = Int8Array;

/** The delivery's ±1 pattern, GRID x GRID, row by row. */
export function markPattern(secret: string, deliveryId: string): Pattern {
  const pattern = new Int8Array(GRID * GRID);
  let filled = 0;
  for (let block = 0; filled < pattern.length; block += 1) {
    const bytes = createHmac('sha256', secret).update(`photo-mark:${deliveryId}:${block}`).digest();
    for (const byte of bytes) {
      for (let bit = 0; bit < 8 && filled < pattern.length; bit += 1) {
        pattern[filled] = (byte >> bit) & 1 ? 1 : -1;
        filled += 1;
      }
    }
  }
  return pattern;
}

/**
 * Where each pixel of a line of `size` pixels falls between grid cell centres: the cell before it
 * and how far towards the next (bilinear enlargement, as a resize with a linear kernel would do).
 */
function axis(size: number): { cell: Int32Array; weight: Float32Array } {
  const cell = new Int32Array(size);
  const weight = new Float32Array(size);
  for (let i = 0; i < size; i += 1) {
    const at = Math.min(GRID - 1, Math.max(0, ((i + 0.5) * GRID) / size - 0.5));
    cell[i] = Math.min(GRID - 2, Math.floor(at));
    weight[i] = at - (cell[i] as number);
  }
  return { cell, weight };
}

/** For each pixel of a row, where the run of pixels between the same two grid columns ends. */
function spanEnds(cell: Int32Array): Int32Array {
  const ends = new Int32Array(cell.length);
  for (let x = cell.length - 1; x >= 0; x -= 1) {
    ends[x] = x === cell.length - 1 || cell[x + 1] !== cell[x] ? x + 1 : (ends[x + 1] as number);
  }
  return ends;
}

/**
 * The mark of one delivery on a photo of one size, as runs of pixels that change by the same
 * amount: row y's runs are `ends[rows[y]..rows[y+1])` (where each run stops, in pixels) with their
 * `deltas`. It depends on the size alone, so it is made while the photo is being decoded.
 */
interface MarkPlan {
  width: number;
  height: number;
  rows: Int32Array;
  ends: Int32Array;
  deltas: Int8Array;
}

/** Below this width a plan is made pixel by pixel rather than by bisecting runs (planMark). */
const SCAN_BELOW_WIDTH = 1024;

function planMark(width: number, height: number, pattern: Pattern, amplitude: number): MarkPlan {
  // The pattern enlarged to the photo, a row at a time: each grid row interpolated across once,
  // then each pixel row between two of those (faster than enlarging a picture of it).
  const columns = axis(width);
  const rowAxis = axis(height);
  const across = new Float32Array(GRID * width);
  for (let gy = 0; gy < GRID; gy += 1) {
    for (let x = 0; x < width; x += 1) {
      const gx = columns.cell[x] as number;
      const fx = columns.weight[x] as number;
      const left = pattern[gy * GRID + gx] as number;
      const right = pattern[gy * GRID + gx + 1] as number;
      across[gy * width + x] = amplitude * (left + (right - left) * fx);
    }
  }
  // Between two grid columns the change is linear in x, so its rounded value is the same over
  // runs of pixels (about 15 at a time on a 4000-pixel row): each run's end is found by bisection.
  // Between two columns the change takes at most 2 * amplitude + 2 rounded values, and a run is at
  // least a pixel: that bounds a row's runs (merging runs across columns only makes fewer).
  const spanEnd = spanEnds(columns.cell);
  const perRow = Math.min(width, (GRID - 1) * (2 * Math.ceil(Math.abs(amplitude)) + 2));
  const rows = new Int32Array(height + 1);
  let ends = new Int32Array(Math.max(1, perRow * height));
  let deltas = new Int8Array(ends.length);
  // On a small photo a run is a few pixels long, and a bisection takes about as many steps as
  // the run has pixels: there each pixel's change is worked out in one tight pass instead
  // (a 640-pixel rendition plans in about a third of the time).
  const scan = width < SCAN_BELOW_WIDTH;
  let count = 0;
  for (let y = 0; y < height; y += 1) {
    rows[y] = count;
    const top = (rowAxis.cell[y] as number) * width;
    const bottom = top + width;
    const fy = rowAxis.weight[y] as number;
    if (scan) {
      // The bound above holds where the change rises or falls steadily between two columns; a
      // row has at most `width` runs, and room is made for them if it ever runs short.
      if (count + width > ends.length) ({ ends, deltas } = grown(ends, deltas, width));
      const changeAt = (x: number) => {
        const upper = across[top + x] as number;
        return ((upper + ((across[bottom + x] as number) - upper) * fy + 64.5) | 0) - 64;
      };
      let delta = changeAt(0);
      for (let x = 1; x < width; x += 1) {
        const here = changeAt(x);
        if (here === delta) continue;
        ends[count] = x;
        deltas[count] = delta;
        count += 1;
        delta = here;
      }
      ends[count] = width;
      deltas[count] = delta;
      count += 1;
      continue;
    }
    // Rounded to the nearest level (shifted to stay positive, so truncation rounds).
    const deltaAt = (x: number) => {
      const upper = across[top + x] as number;
      return ((upper + ((across[bottom + x] as number) - upper) * fy + 64.5) | 0) - 64;
    };
    let x = 0;
    while (x < width) {
      const delta = deltaAt(x);
      const last = (spanEnd[x] as number) - 1;
      let end = last + 1;
      if (deltaAt(last) !== delta) {
        let same = x;
        let other = last;
        while (other - same > 1) {
          const mid = (same + other) >> 1;
          if (deltaAt(mid) === delta) same = mid;
          else other = mid;
        }
        end = other;
      }
      if (count > (rows[y] as number) && deltas[count - 1] === delta) {
        // The same change as the run before it, across a grid column: one run of both.
        ends[count - 1] = end;
        x = end;
        continue;
      }
      ends[count] = end;
      deltas[count] = delta;
      count += 1;
      x = end;
    }
  }
  rows[height] = count;
  return { width, height, rows, ends, deltas };
}

function grown(ends: Int32Array, deltas: Int8Array, by: number) {
  const more = { ends: new Int32Array(ends.length + by * 64), deltas: new Int8Array(ends.length + by * 64) };
  more.ends.set(ends);
  more.deltas.set(deltas);
  return more;
}

/** Adds the planned mark to pixels decoded at the plan's size, `channels` bytes a pixel. */
function applyPlan(bytes: Uint8Array, plan: MarkPlan, channels: number) {
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length >> 2);
  const rowBytes = plan.width * channels;
  for (let y = 0; y < plan.height; y += 1) {
    const rowStart = y * rowBytes;
    let from = 0;
    for (let run = plan.rows[y] as number; run < (plan.rows[y + 1] as number); run += 1) {
      const end = plan.ends[run] as number;
      const delta = plan.deltas[run] as number;
      if (delta !== 0) addClamped(bytes, words, rowStart + from * channels, rowStart + end * channels, delta);
      from = end;
    }
  }
}

/**
 * Adds `delta` (-127..127) to bytes [from, to), stopping at 0 and 255: byte by byte up to a word
 * boundary, then four bytes a word. In a word, the low seven bits of each byte take the add
 * without carrying into the next byte; a byte whose top bit was set and carries again overflowed
 * and becomes 255. A negative delta is the same add on the inverted bytes.
 */
export function addClamped(bytes: Uint8Array, words: Uint32Array, from: number, to: number, delta: number) {
  const invert = delta < 0 ? -1 : 0;
  const step = Math.abs(delta);
  const head = Math.min(to, (from + 3) & ~3);
  for (let i = from; i < head; i += 1) bytes[i] = clampByte((bytes[i] as number) + delta);
  const spread = Math.imul(step, 0x01010101);
  const wordEnd = to >> 2;
  for (let w = head >> 2; w < wordEnd; w += 1) {
    const x = (words[w] as number) ^ invert;
    const high = x & 0x80808080;
    const low = (x & 0x7f7f7f7f) + spread;
    const overflowed = (high & low) >>> 7;
    words[w] = ((low ^ high) | Math.imul(overflowed, 0xff)) ^ invert;
  }
  for (let i = Math.max(head, wordEnd << 2); i < to; i += 1)
    bytes[i] = clampByte((bytes[i] as number) + delta);
}

const clampByte = (value: number) => (value < 0 ? 0 : Math.min(value, 255));

/** A photo's size as it is shown (EXIF orientation applied), from its header; 0 where unknown. */
function upright(meta: Metadata): { width: number; height: number } {
  return (meta.orientation ?? 1) >= 5
    ? { width: meta.height ?? 0, height: meta.width ?? 0 }
    : { width: meta.width ?? 0, height: meta.height ?? 0 };
}

/**
 * The photo with the delivery's mark, encoded as `format` (JPEG by default, at `quality`). The
 * photo is turned upright first (EXIF orientation), as it is shown.
 */
export async function embedMark(
  input: Buffer,
  pattern: Pattern,
  options: {
    format?: 'jpeg' | 'png' | 'webp';
    quality?: number;
    amplitude?: number;
    /** A picture drawn over the marked one before it is encoded (the visible mark), in one encode. */
    overlay?: (width: number, height: number) => Buffer;
    /**
     * The photo's upright size where it is already known (a stored rendition's): the plan is then
     * made at once, without reading the header first. A wrong one is only wasted work.
     */
    size?: { width: number; height: number };
  } = {},
): Promise<Buffer> {
  const amplitude = options.amplitude ?? MARK_AMPLITUDE;
  const decoding = sharp(input).rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true });
  // Its failure is reported where it is awaited below, not as an unhandled rejection meanwhile.
  decoding.catch(() => undefined);
  // The plan needs the size only: made while the pixels are decoded (libvips works on its own
  // threads), from the size given or else from the header, it costs the first view almost nothing.
  const size =
    options.size ??
    (await sharp(input)
      .metadata()
      .then(upright, () => null));
  let plan = size?.width && size.height ? planMark(size.width, size.height, pattern, amplitude) : null;
  const { data, info } = await decoding;
  const { width, height, channels } = info;
  if (!plan || plan.width !== width || plan.height !== height)
    plan = planMark(width, height, pattern, amplitude);
  // Added a run at a time, four bytes a word: the same bytes as adding pixel by pixel, in a third
  // of the time (photo-mark.test.ts compares the two).
  const bytes = data.byteOffset % 4 === 0 ? data : Buffer.from(data);
  applyPlan(bytes, plan, channels);
  // Read top to bottom as the encoder asks (sequentialRead): a 12-megapixel JPEG encodes about
  // 10% faster than from the same pixels read as a random-access image.
  let image = sharp(bytes, { raw: { width, height, channels }, sequentialRead: true });
  if (options.overlay) image = image.composite([{ input: options.overlay(width, height), top: 0, left: 0 }]);
  const format = options.format ?? 'jpeg';
  const quality = options.quality ?? 90;
  if (format === 'png') return image.png().toBuffer();
  if (format === 'webp') return image.webp({ quality }).toBuffer();
  return image.jpeg({ quality, mozjpeg: false }).toBuffer();
}

/** A grey image as floats, at most `longest` pixels on its longer side. */
interface Grey {
  data: Float32Array;
  width: number;
  height: number;
}

async function grey(input: Buffer, longest: number): Promise<Grey> {
  const { data, info } = await sharp(input)
    .rotate()
    .removeAlpha()
    .greyscale()
    .resize(longest, longest, { fit: 'inside', withoutEnlargement: true, kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: Float32Array.from(data), width: info.width, height: info.height };
}

async function resizeGrey(input: Buffer, width: number, height: number): Promise<Grey> {
  const { data, info } = await sharp(input)
    .rotate()
    .removeAlpha()
    .greyscale()
    .resize(Math.max(1, width), Math.max(1, height), { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: Float32Array.from(data), width: info.width, height: info.height };
}

/**
 * Where the copy sits on the original: the copy's pixel (x, y) is the original's
 * (left + x * scale, top + y * scale), in the original's full-size pixels.
 */
export interface Alignment {
  scale: number;
  left: number;
  top: number;
  /** Normalized cross-correlation of the two at the found place (1 = identical). */
  score: number;
}

/** Normalized cross-correlation of `patch` against `image` at (dx, dy). */
function ncc(image: Grey, patch: Grey, dx: number, dy: number): number {
  let sumA = 0;
  let sumB = 0;
  let sumAA = 0;
  let sumBB = 0;
  let sumAB = 0;
  const n = patch.width * patch.height;
  for (let y = 0; y < patch.height; y += 1) {
    const row = (dy + y) * image.width + dx;
    const prow = y * patch.width;
    for (let x = 0; x < patch.width; x += 1) {
      const a = image.data[row + x] as number;
      const b = patch.data[prow + x] as number;
      sumA += a;
      sumB += b;
      sumAA += a * a;
      sumBB += b * b;
      sumAB += a * b;
    }
  }
  const cov = sumAB - (sumA * sumB) / n;
  const varA = sumAA - (sumA * sumA) / n;
  const varB = sumBB - (sumB * sumB) / n;
  return varA > 0 && varB > 0 ? cov / Math.sqrt(varA * varB) : 0;
}

interface Candidate {
  /** The share of the original's width the copy covers. */
  cover: number;
  dx: number;
  dy: number;
  score: number;
}

/**
 * Searches covers (the share of the original's width the copy shows) and offsets on the original
 * at `work` pixels, around `near` when given, for the best match of the copy.
 */
async function search(
  original: Buffer,
  copy: Buffer,
  copyAspect: number,
  work: number,
  covers: number[],
  near: ((cover: number) => { dx: [number, number]; dy: [number, number] }) | null,
): Promise<Candidate | null> {
  const base = await grey(original, work);
  let best: Candidate | null = null;
  for (const cover of covers) {
    const width = Math.round(base.width * cover);
    const height = Math.round(width * copyAspect);
    if (width < 8 || height < 8 || width > base.width || height > base.height) continue;
    const patch = await resizeGrey(copy, width, height);
    const window = near?.(cover);
    const [x0, x1] = window ? window.dx : [0, base.width - width];
    const [y0, y1] = window ? window.dy : [0, base.height - height];
    for (let dy = Math.max(0, y0); dy <= Math.min(base.height - height, y1); dy += 1) {
      for (let dx = Math.max(0, x0); dx <= Math.min(base.width - width, x1); dx += 1) {
        const score = ncc(base, patch, dx, dy);
        if (!best || score > best.score) best = { cover, dx, dy, score };
      }
    }
  }
  return best;
}

const range = (from: number, to: number, step: number) => {
  const values: number[] = [];
  for (let value = from; value <= to + 1e-9; value += step) values.push(Number(value.toFixed(4)));
  return values;
};

/**
 * Finds where the copy sits on the original (a crop of up to a quarter of each side, at any
 * size), or null when it does not look like the original at all.
 */
export async function alignCopy(original: Buffer, copy: Buffer): Promise<Alignment | null> {
  const [originalMeta, copyMeta] = await Promise.all([
    sharp(original).rotate().metadata(),
    sharp(copy).rotate().metadata(),
  ]);
  const o = upright(originalMeta);
  const c = upright(copyMeta);
  if (!o.width || !o.height || !c.width || !c.height) return null;
  const aspect = c.height / c.width;

  // Coarse: every cover from 75% to 100% of the width, every offset, at 128 pixels.
  const coarseWork = 128;
  const coarse = await search(original, copy, aspect, coarseWork, range(0.75, 1, 0.01), null);
  if (!coarse || coarse.score < 0.5) return null;
  // Fine: around it at 512 pixels.
  const fineWork = 512;
  const ratio = fineWork / coarseWork;
  const fine = await search(
    original,
    copy,
    aspect,
    fineWork,
    range(coarse.cover - 0.012, coarse.cover + 0.012, 0.002),
    () => ({
      dx: [Math.floor(coarse.dx * ratio) - 6, Math.ceil(coarse.dx * ratio) + 6],
      dy: [Math.floor(coarse.dy * ratio) - 6, Math.ceil(coarse.dy * ratio) + 6],
    }),
  );
  if (!fine) return null;
  const fineBase = Math.max(o.width, o.height) > fineWork ? fineWork / Math.max(o.width, o.height) : 1;
  const coveredWidth = Math.round(o.width * fineBase * fine.cover) / fineBase;
  return {
    scale: coveredWidth / c.width,
    left: fine.dx / fineBase,
    top: fine.dy / fineBase,
    score: fine.score,
  };
}

/** Bilinear sample of a grey image (x, y in its pixels); NaN outside. */
function sample(image: Grey, x: number, y: number): number {
  if (x < 0 || y < 0 || x > image.width - 1 || y > image.height - 1) return Number.NaN;
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const x1 = Math.min(x0 + 1, image.width - 1);
  const y1 = Math.min(y0 + 1, image.height - 1);
  const fx = x - x0;
  const fy = y - y0;
  const at = (px: number, py: number) => image.data[py * image.width + px] as number;
  const top = at(x0, y0) * (1 - fx) + at(x1, y0) * fx;
  const bottom = at(x0, y1) * (1 - fx) + at(x1, y1) * fx;
  return top * (1 - fy) + bottom * fy;
}

/**
 * Per grid cell of the original: how much brighter the copy is than the original there, once
 * overall brightness and contrast are matched; NaN for cells the copy does not cover.
 */
export async function markResidual(
  original: Buffer,
  copy: Buffer,
  alignment: Alignment,
): Promise<Float64Array> {
  const full = upright(await sharp(original).rotate().metadata());
  const fullWidth = full.width || 1;
  const fullHeight = full.height || 1;
  const work = 1024;
  const [base, seen] = await Promise.all([grey(original, work), grey(copy, work)]);
  const baseScale = base.width / fullWidth;
  const copyWidth = upright(await sharp(copy).rotate().metadata()).width || 1;
  const seenScale = seen.width / copyWidth;

  const cellW = fullWidth / GRID;
  const cellH = fullHeight / GRID;
  const SAMPLES = 6;
  const originalMeans = new Float64Array(GRID * GRID).fill(Number.NaN);
  const copyMeans = new Float64Array(GRID * GRID).fill(Number.NaN);
  for (let gy = 0; gy < GRID; gy += 1) {
    for (let gx = 0; gx < GRID; gx += 1) {
      let sumO = 0;
      let sumC = 0;
      let inside = true;
      for (let sy = 0; sy < SAMPLES && inside; sy += 1) {
        for (let sx = 0; sx < SAMPLES; sx += 1) {
          // A point of the cell, in the original's full-size pixels.
          const ox = (gx + (sx + 0.5) / SAMPLES) * cellW;
          const oy = (gy + (sy + 0.5) / SAMPLES) * cellH;
          const cx = ((ox - alignment.left) / alignment.scale) * seenScale;
          const cy = ((oy - alignment.top) / alignment.scale) * seenScale;
          const c = sample(seen, cx, cy);
          if (Number.isNaN(c)) {
            inside = false;
            break;
          }
          sumC += c;
          sumO += sample(base, ox * baseScale, oy * baseScale);
        }
      }
      if (!inside) continue;
      const index = gy * GRID + gx;
      originalMeans[index] = sumO / (SAMPLES * SAMPLES);
      copyMeans[index] = sumC / (SAMPLES * SAMPLES);
    }
  }
  // copy ≈ gain * original + offset over the covered cells (least squares); the rest is the mark.
  let n = 0;
  let so = 0;
  let sc = 0;
  let soo = 0;
  let soc = 0;
  for (let i = 0; i < originalMeans.length; i += 1) {
    const o = originalMeans[i] as number;
    const c = copyMeans[i] as number;
    if (Number.isNaN(o)) continue;
    n += 1;
    so += o;
    sc += c;
    soo += o * o;
    soc += o * c;
  }
  const residual = new Float64Array(GRID * GRID).fill(Number.NaN);
  if (n < GRID) return residual;
  const gain = (soc - (so * sc) / n) / Math.max(1e-9, soo - (so * so) / n);
  const offset = (sc - gain * so) / n;
  for (let i = 0; i < residual.length; i += 1) {
    const o = originalMeans[i] as number;
    if (!Number.isNaN(o)) residual[i] = (copyMeans[i] as number) - (gain * o + offset);
  }
  // Edges (where a small misalignment changes a lot) weigh no more than any other cell.
  const covered = [...residual]
    .filter((value) => !Number.isNaN(value))
    .map(Math.abs)
    .sort((a, b) => a - b);
  const clip = (covered[Math.floor(covered.length * 0.9)] ?? 1) * 1.5 || 1;
  for (let i = 0; i < residual.length; i += 1) {
    const value = residual[i] as number;
    if (!Number.isNaN(value)) residual[i] = Math.max(-clip, Math.min(clip, value));
  }
  return residual;
}

/**
 * How far the residual follows the pattern, in standard deviations of chance: the normalized
 * correlation over the covered cells times the square root of their number.
 */
export function markScore(residual: Float64Array, pattern: Pattern): number {
  let n = 0;
  let sum = 0;
  let sumSquares = 0;
  let dot = 0;
  for (let i = 0; i < residual.length; i += 1) {
    const value = residual[i] as number;
    if (Number.isNaN(value)) continue;
    n += 1;
    sum += value;
    sumSquares += value * value;
    dot += value * (pattern[i] as number);
  }
  if (n < GRID) return 0;
  const mean = sum / n;
  const spread = Math.sqrt(Math.max(1e-12, sumSquares / n - mean * mean));
  // Pattern chips are ±1 with mean about 0: the correlation is dot / (n * spread).
  let patternSum = 0;
  for (let i = 0; i < residual.length; i += 1)
    if (!Number.isNaN(residual[i] as number)) patternSum += pattern[i] as number;
  const correlation = (dot - mean * patternSum) / (n * spread);
  return correlation * Math.sqrt(n);
}

export interface TraceResult<Id> {
  /** The delivery named, or null ("no mark found"). */
  found: { id: Id; z: number } | null;
  /** How well the copy matched the original (null: it is not this photo). */
  alignment: Alignment | null;
  /** The best and second-best scores, for the record. */
  best: number;
  runnerUp: number;
}

/** Which of the photo's deliveries the copy came from, if any can be named with confidence. */
export async function traceMark<Id>(
  original: Buffer,
  copy: Buffer,
  deliveries: Iterable<{ id: Id; pattern: Pattern }>,
): Promise<TraceResult<Id>> {
  const alignment = await alignCopy(original, copy);
  if (!alignment) return { found: null, alignment: null, best: 0, runnerUp: 0 };
  const residual = await markResidual(original, copy, alignment);
  let best: { id: Id; z: number } | null = null;
  let runnerUp = Number.NEGATIVE_INFINITY;
  for (const delivery of deliveries) {
    const z = markScore(residual, delivery.pattern);
    if (!best || z > best.z) {
      if (best) runnerUp = Math.max(runnerUp, best.z);
      best = { id: delivery.id, z };
    } else runnerUp = Math.max(runnerUp, z);
  }
  const lead = best ? best.z - (Number.isFinite(runnerUp) ? runnerUp : 0) : 0;
  const found = best && best.z >= MIN_Z && lead >= MIN_LEAD ? best : null;
  return { found, alignment, best: best?.z ?? 0, runnerUp: Number.isFinite(runnerUp) ? runnerUp : 0 };
}

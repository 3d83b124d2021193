import { createHmac } from 'node:crypto';
import sharp from 'sharp';

/**
 * Tracing a leaked recording of a video. A video with `trace_recordings` is encoded twice per
 * rung: variant A as usual, variant B with a faint, smooth change of brightness laid over every
 * frame (`variantBPattern`). Segments of A and B cover the same seconds, so a viewer's playlist
 * takes segment n from A or B by bit n of their delivery's code (`recordingBits`). A recording
 * of what a viewer was shown carries that code: each of its segments looks more like A or more
 * like B (`readBits`), and the code names the delivery (`matchDelivery`).
 */

/** The pattern's cells across the frame: large, so it survives scaling and compression. */
const CELLS_X = 8;
const CELLS_Y = 5;
/** How far B's brightness moves from A's, at most (0-255 levels). */
const AMPLITUDE = 4;

/** Size frames are compared at: the pattern is smooth, so little is lost. */
export const ANALYSIS_WIDTH = 96;

/**
 * The grey picture laid on variant B with ffmpeg's `blend=all_mode=grainmerge` (result = A +
 * pattern - 128): smooth bumps of up to ±AMPLITUDE levels, the same for every video (B differs
 * from A, which is all tracing needs; what each viewer gets is in their playlist).
 */
export async function variantBPattern(width: number, height: number): Promise<Buffer> {
  const cells = Buffer.alloc(CELLS_X * CELLS_Y);
  const bytes = createHmac('sha256', 'recording-mark-pattern').update('v1').digest();
  for (let i = 0; i < cells.length; i += 1) {
    const bit = ((bytes[i >> 3] ?? 0) >> (i & 7)) & 1;
    cells[i] = 128 + (bit ? AMPLITUDE : -AMPLITUDE);
  }
  return sharp(cells, { raw: { width: CELLS_X, height: CELLS_Y, channels: 1 } })
    .resize(width, height, { kernel: 'cubic', fit: 'fill' })
    .png()
    .toBuffer();
}

/** Bit n of a delivery's code: whether segment n of its playlist comes from variant B. */
export function recordingBits(secret: string, deliveryId: string, count: number): Uint8Array {
  const bits = new Uint8Array(count);
  for (let block = 0; block * 256 < count; block += 1) {
    const bytes = createHmac('sha256', secret).update(`recording-mark:${deliveryId}:${block}`).digest();
    for (let i = 0; i < 256 && block * 256 + i < count; i += 1)
      bits[block * 256 + i] = ((bytes[i >> 3] ?? 0) >> (i & 7)) & 1;
  }
  return bits;
}

/** Grey frames at ANALYSIS_WIDTH, one every `step` seconds from `first` (ffmpeg's rawvideo). */
export interface FrameSeries {
  width: number;
  height: number;
  frames: Float32Array[];
}

/** Splits ffmpeg's raw grey output into frames, each with its mean taken away (light levels differ). */
export function framesOf(raw: Buffer, width: number, height: number): FrameSeries {
  const size = width * height;
  const frames: Float32Array[] = [];
  for (let offset = 0; offset + size <= raw.length; offset += size) {
    const frame = new Float32Array(size);
    let sum = 0;
    for (let i = 0; i < size; i += 1) sum += raw[offset + i] as number;
    const mean = sum / size;
    for (let i = 0; i < size; i += 1) frame[i] = (raw[offset + i] as number) - mean;
    frames.push(frame);
  }
  return { width, height, frames };
}

function distance(a: Float32Array, b: Float32Array): number {
  let total = 0;
  for (let i = 0; i < a.length; i += 1) total += Math.abs((a[i] as number) - (b[i] as number));
  return total / a.length;
}

/**
 * How many samples the recording starts after the video (the shift, with the whole recording
 * within the video's length, at which its frames look most like variant A's), and how far apart they are there (mean grey
 * levels: a few for the same video re-encoded, tens for another one).
 */
export function alignment(
  recording: FrameSeries,
  reference: FrameSeries,
): { shift: number; distance: number } {
  let best = { shift: 0, distance: Number.POSITIVE_INFINITY };
  for (let shift = 0; shift < reference.frames.length; shift += 1) {
    // A recording is a stretch of the video: all of it must fall within the video (but a sample
    // at each end, lost to re-encoding). A shift that leaves only its first seconds over the
    // video's last ones can look close by chance, and then no segment is read.
    const overlap = Math.min(recording.frames.length, reference.frames.length - shift);
    if (overlap < Math.max(Math.min(8, recording.frames.length), recording.frames.length - 2)) break;
    const step = Math.max(1, Math.floor(overlap / 40));
    let total = 0;
    let counted = 0;
    for (let j = 0; j < overlap; j += step) {
      total += distance(recording.frames[j] as Float32Array, reference.frames[j + shift] as Float32Array);
      counted += 1;
    }
    if (total / counted < best.distance) best = { shift, distance: total / counted };
  }
  return best;
}

/** Where the video sits in a recording's frame, as shares of its width and height. */
export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Where the picture moves in a recording (grey frames at any size, means taken away): the rows and
 * columns in which at least a fifth of the pixels change over time (columns counted within those
 * rows, rows again within those columns), when they leave at least 5% of
 * the frame out on some side. A screen recording of a player, framed by the phone's bars, a page or
 * black borders, has the video there; null when the moving part fills the frame (nothing to cut)
 * or nothing moves.
 */
export function movingRegion(series: FrameSeries): Region | null {
  const { width, height, frames } = series;
  if (frames.length < 4) return null;
  const size = width * height;
  const sum = new Float64Array(size);
  const squares = new Float64Array(size);
  for (const frame of frames) {
    for (let i = 0; i < size; i += 1) {
      const value = frame[i] as number;
      sum[i] = (sum[i] as number) + value;
      squares[i] = (squares[i] as number) + value * value;
    }
  }
  const spread = new Float64Array(size);
  for (let i = 0; i < size; i += 1) {
    const mean = (sum[i] as number) / frames.length;
    spread[i] = Math.sqrt(Math.max(0, (squares[i] as number) / frames.length - mean * mean));
  }
  const sorted = Float64Array.from(spread).sort();
  const high = sorted[Math.floor(size * 0.95)] as number;
  // Still UI and borders change by a grey level or two (compression); the video by far more.
  const threshold = Math.max(4, high * 0.2);
  const moving = (x: number, y: number) => (spread[y * width + x] as number) > threshold;
  /** The first and last of `count` lines with at least a fifth of `across` pixels moving. */
  const span = (count: number, movingIn: (line: number) => number, across: number) => {
    let from = -1;
    let to = -1;
    for (let line = 0; line < count; line += 1)
      if (movingIn(line) >= across * 0.2) {
        if (from < 0) from = line;
        to = line + 1;
      }
    return from < 0 ? null : { from, to };
  };
  const count = (fromX: number, toX: number, fromY: number, toY: number) => {
    let total = 0;
    for (let y = fromY; y < toY; y += 1) for (let x = fromX; x < toX; x += 1) if (moving(x, y)) total += 1;
    return total;
  };
  // Rows over the whole width first, then columns within those rows, then rows within those columns:
  // a column of a wide video in a tall frame moves over only the video's share of its height.
  const firstRows = span(height, (y) => count(0, width, y, y + 1), width);
  if (!firstRows) return null;
  const xs = span(width, (x) => count(x, x + 1, firstRows.from, firstRows.to), firstRows.to - firstRows.from);
  if (!xs) return null;
  const ys = span(height, (y) => count(xs.from, xs.to, y, y + 1), xs.to - xs.from);
  if (!ys) return null;
  const region = {
    x: xs.from / width,
    y: ys.from / height,
    width: (xs.to - xs.from) / width,
    height: (ys.to - ys.from) / height,
  };
  if (region.width > 0.95 && region.height > 0.95) return null;
  if (region.width < 0.1 || region.height < 0.1) return null;
  return region;
}

/** Samples are taken every half second, at 0.25 s, 0.75 s, ...: four per 2 s segment. */
export const SAMPLES_PER_SECOND = 2;

/**
 * Each segment's bit as the recording shows it: over the two samples in the middle of segment n
 * (a player may switch a frame late at its edges), how far the recording moved from A towards B
 * (about 0 for A, 1 for B); null where the recording does not cover the segment.
 */
export function readBits(
  recording: FrameSeries,
  a: FrameSeries,
  b: FrameSeries,
  options: { shift: number; samplesPerSegment: number },
): (number | null)[] {
  const per = options.samplesPerSegment;
  const segments = Math.floor(Math.min(a.frames.length, b.frames.length) / per);
  const middle = per >= 4 ? [Math.floor(per / 2) - 1, Math.floor(per / 2)] : [Math.floor(per / 2)];
  const bits: (number | null)[] = [];
  for (let segment = 0; segment < segments; segment += 1) {
    let along = 0;
    let norm = 0;
    for (const k of middle) {
      const index = segment * per + k;
      const seen = recording.frames[index - options.shift];
      const fa = a.frames[index];
      const fb = b.frames[index];
      if (!seen || !fa || !fb) continue;
      for (let i = 0; i < fa.length; i += 1) {
        const d = (fb[i] as number) - (fa[i] as number);
        along += ((seen[i] as number) - (fa[i] as number)) * d;
        norm += d * d;
      }
    }
    bits.push(norm > 1e-3 ? along / norm : null);
  }
  return bits;
}

/** A recording must cover this many segments (a minute of 2 s segments) to name anyone. */
export const MIN_SEGMENTS = 30;

/**
 * The delivery whose code the recording's bits spell: at most 5% of its read segments wrong
 * (at least MIN_SEGMENTS read), and no other delivery near it. Among random codes, one that
 * close by chance over 30 segments has odds under 1 in 2 million.
 */
export function matchDelivery<T extends { id: string }>(
  read: (number | null)[],
  deliveries: { delivery: T; bits: Uint8Array }[],
): { delivery: T; agreed: number; read: number } | null {
  const known = read
    .map((value, segment) => ({ value, segment }))
    .filter((item): item is { value: number; segment: number } => item.value !== null);
  if (known.length < MIN_SEGMENTS) return null;
  const scored = deliveries
    .map(({ delivery, bits }) => ({
      delivery,
      agreed: known.filter(({ value, segment }) => (value > 0.5 ? 1 : 0) === bits[segment]).length,
    }))
    .sort((x, y) => y.agreed - x.agreed);
  const [best, second] = scored;
  if (!best) return null;
  const allowedWrong = Math.floor(known.length * 0.05);
  if (best.agreed < known.length - allowedWrong) return null;
  if (second && second.agreed >= known.length - allowedWrong * 3 - 2) return null;
  return { delivery: best.delivery, agreed: best.agreed, read: known.length };
}

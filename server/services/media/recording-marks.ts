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

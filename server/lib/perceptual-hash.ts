/**
 * A perceptual hash after Meta's PDQ: 256 bits that stay close when a picture is re-encoded,
 * resized, lightly cropped or brightened, and fall about half apart for different pictures.
 *
 * Input is the picture's luminance scaled to 64 x 64 (the caller decodes; see
 * `server/services/media/fingerprints.ts`). Steps, as in PDQ: a 2D DCT of the 64 x 64 values
 * keeping the 16 x 16 lowest frequencies without the constant term, then one bit per coefficient:
 * above the median or not. Hex, 64 characters, in PDQ's order (coefficient 255 first), so hashes
 * from lists kept in PDQ compare with ours.
 *
 * Figures (`server/lib/perceptual-hash.test.ts`, printed on each run): copies of the same photo
 * after JPEG at quality 70, half size or WebP are 0-4 bits apart, 15% brighter up to ~18, centred
 * crops within ~10 of the photo's crop hashes (`CROPS` in fingerprints.ts); unrelated photos are
 * 100+ bits apart. `MATCH_DISTANCE` is PDQ's own recommendation, 31. Against PDQ's published
 * hashes of its test pictures, 4 of 6 agree bit for bit and the other two within 10 bits.
 */

export const HASH_SIDE = 64;
const FREQUENCIES = 16;
export const HASH_BITS = FREQUENCIES * FREQUENCIES;
export const HASH_HEX_LENGTH = HASH_BITS / 4;

/** At most this many differing bits is "the same picture" (PDQ's recommended threshold). */
export const MATCH_DISTANCE = 31;

/**
 * PDQ's quality score, 0-100: how much detail there is to hash. A flat frame (black, one colour,
 * a fade) scores near 0 and its bits are noise that would match every other flat frame, so
 * hashes below `MIN_QUALITY` are neither stored nor compared (PDQ's own cut-off is 50).
 */
export const MIN_QUALITY = 50;

/** Row i of the DCT matrix (i = 1..16: the constant row 0 is skipped), over 64 samples. */
const DCT: Float64Array[] = Array.from({ length: FREQUENCIES }, (_, row) => {
  const i = row + 1;
  const scale = Math.sqrt(2 / HASH_SIDE);
  return Float64Array.from(
    { length: HASH_SIDE },
    (_, j) => scale * Math.cos((Math.PI / (2 * HASH_SIDE)) * i * (2 * j + 1)),
  );
});

/**
 * PDQ's downscale of a luminance picture to 64 x 64: two passes of box filters each way (a Jarosz
 * filter, windows about twice the shrink factor), then the value at each cell's centre. Sharp's
 * own resampling keeps more fine detail and moved reference pictures by up to ~70 bits.
 */
export function downscaleLuma(luma: ArrayLike<number>, width: number, height: number): Float64Array {
  const buffer = Float64Array.from(luma);
  const scratch = new Float64Array(buffer.length);
  const alongRows = windowSize(width);
  const alongColumns = windowSize(height);
  for (let pass = 0; pass < 2; pass++) {
    for (let row = 0; row < height; row++) box(buffer, scratch, row * width, 1, width, alongRows);
    for (let column = 0; column < width; column++) box(scratch, buffer, column, width, height, alongColumns);
  }
  const out = new Float64Array(HASH_SIDE * HASH_SIDE);
  for (let i = 0; i < HASH_SIDE; i++) {
    const row = Math.floor(((i + 0.5) * height) / HASH_SIDE);
    for (let j = 0; j < HASH_SIDE; j++) {
      out[i * HASH_SIDE + j] = buffer[row * width + Math.floor(((j + 0.5) * width) / HASH_SIDE)] as number;
    }
  }
  return out;
}

const windowSize = (size: number) => Math.max(1, Math.floor((size + 2 * HASH_SIDE - 1) / (2 * HASH_SIDE)));

/** One box-filter pass over `length` values from `start`, `stride` apart (PDQ's window placement). */
function box(
  input: Float64Array,
  output: Float64Array,
  start: number,
  stride: number,
  length: number,
  window: number,
) {
  const half = Math.floor((window + 2) / 2);
  const before = window - half;
  const after = half - 1;
  let sum = 0;
  let from = 0;
  let to = -1;
  for (let p = 0; p < length; p++) {
    const low = Math.max(0, p - before);
    const high = Math.min(length - 1, p + after);
    while (to < high) sum += input[start + ++to * stride] as number;
    while (from < low) sum -= input[start + from++ * stride] as number;
    output[start + p * stride] = sum / (high - low + 1);
  }
}

export interface PerceptualHash {
  /** 64 hex characters. */
  hash: string;
  /** 0-100; below `MIN_QUALITY` the hash says little. */
  quality: number;
}

/** Hash of a 64 x 64 luminance picture (row by row, values 0-255). */
export function perceptualHash(luma: ArrayLike<number>): PerceptualHash {
  if (luma.length !== HASH_SIDE * HASH_SIDE) throw new Error(`expected ${HASH_SIDE * HASH_SIDE} values`);
  // Columns first: T = D * A (16 x 64), then B = T * D^T (16 x 16).
  const partial = Array.from({ length: FREQUENCIES }, () => new Float64Array(HASH_SIDE));
  for (let i = 0; i < FREQUENCIES; i++) {
    const d = DCT[i] as Float64Array;
    const out = partial[i] as Float64Array;
    for (let k = 0; k < HASH_SIDE; k++) {
      const weight = d[k] as number;
      const offset = k * HASH_SIDE;
      for (let j = 0; j < HASH_SIDE; j++) out[j] = (out[j] as number) + weight * (luma[offset + j] as number);
    }
  }
  const coefficients = new Float64Array(HASH_BITS);
  for (let i = 0; i < FREQUENCIES; i++) {
    const row = partial[i] as Float64Array;
    for (let j = 0; j < FREQUENCIES; j++) {
      const d = DCT[j] as Float64Array;
      let sum = 0;
      for (let k = 0; k < HASH_SIDE; k++) sum += (row[k] as number) * (d[k] as number);
      coefficients[i * FREQUENCIES + j] = sum;
    }
  }
  const median = medianOf(coefficients);
  // PDQ's hex: bit k is coefficient k (row-major), written from bit 255 down to bit 0.
  let hash = '';
  for (let top = HASH_BITS - 1; top > 0; top -= 4) {
    let value = 0;
    for (let k = top; k > top - 4; k--) value = (value << 1) | ((coefficients[k] as number) > median ? 1 : 0);
    hash += value.toString(16);
  }
  return { hash, quality: qualityOf(luma) };
}

function medianOf(values: Float64Array): number {
  const sorted = Float64Array.from(values).sort();
  const middle = sorted.length / 2;
  return ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** PDQ's gradient sum: neighbouring values' differences in percent, summed, over 90, capped at 100. */
function qualityOf(luma: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < HASH_SIDE; i++) {
    for (let j = 0; j < HASH_SIDE; j++) {
      const here = luma[i * HASH_SIDE + j] as number;
      if (i + 1 < HASH_SIDE)
        sum += Math.abs(Math.trunc(((here - (luma[(i + 1) * HASH_SIDE + j] as number)) * 100) / 255));
      if (j + 1 < HASH_SIDE)
        sum += Math.abs(Math.trunc(((here - (luma[i * HASH_SIDE + j + 1] as number)) * 100) / 255));
    }
  }
  return Math.min(100, Math.trunc(sum / 90));
}

const POPCOUNT = Uint8Array.from(
  { length: 16 },
  (_, n) => (n & 1) + ((n >> 1) & 1) + ((n >> 2) & 1) + (n >> 3),
);

/** Differing bits between two hex hashes of the same length. */
export function hammingDistance(a: string, b: string): number {
  if (a.length !== b.length) throw new Error('hashes of different lengths');
  let distance = 0;
  for (let i = 0; i < a.length; i++) {
    distance += POPCOUNT[Number.parseInt(a[i] as string, 16) ^ Number.parseInt(b[i] as string, 16)] as number;
  }
  return distance;
}

const HEX_HASH = /^[0-9a-f]{64}$/;

/** A hash as an admin may paste it: 64 hex digits, any case, spaces ignored; null when it is not one. */
export function normalizeHash(input: string): string | null {
  const hex = input.replace(/\s+/g, '').toLowerCase();
  return HEX_HASH.test(hex) ? hex : null;
}

import { rm, stat } from 'node:fs/promises';
import sharp from 'sharp';
import { limits } from '../../../common/limits.ts';
import { type Ffmpeg, type ProbeResult, ToolFailedError } from '../../adapters/ffmpeg.ts';
import { scratchPath } from '../../adapters/storage/disk-driver.ts';
import {
  downscaleLuma,
  MIN_QUALITY,
  type PerceptualHash,
  perceptualHash,
} from '../../lib/perceptual-hash.ts';

/** Frames hashed per video, spread evenly over its length. */
export const VIDEO_FRAMES = 5;

/**
 * An upload is also hashed as if cropped by these shares off each side. PDQ, like every DCT hash,
 * tolerates little cropping (5% off each side moves a copy ~90 bits away); with a hash every 2.5%,
 * centred crops of 2.5 to 7.5% a side came within ~10 bits of one of them (the figures printed
 * by `server/lib/perceptual-hash.test.ts`).
 */
export const CROPS = [0, 0.025, 0.05, 0.075, 0.1] as const;

/** A rectangle cut out of a picture: the shares of its width and height cut off each side. */
export interface Crop {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** How far apart the crops hashed for blocked media are: every 1.5% up to 10.5%. */
const BLOCKED_STEPS = [0.015, 0.03, 0.045, 0.06, 0.075, 0.09, 0.105];

/**
 * A crop that keeps one corner shifts the picture both ways and moves every DCT phase (76-138 bits
 * away for 4-10% off two sides), and no centred crop is near it. So media that goes on the block
 * list is also hashed as if cut at each of `BLOCKED_STEPS` off the two sides away from each corner:
 * 28 more hashes, made once when it is blocked, never for an upload, whose whole picture is
 * compared with every hash on the list. A crop between two of them comes within ~20 bits of one.
 */
export const CORNER_CROPS: readonly Crop[] = BLOCKED_STEPS.flatMap((s) => [
  { left: s, top: s, right: 0, bottom: 0 },
  { left: 0, top: s, right: s, bottom: 0 },
  { left: s, top: 0, right: 0, bottom: s },
  { left: 0, top: 0, right: s, bottom: s },
]);

/**
 * A crop off one side only (a caption strip, a logo cut off) shifts the picture one way: 6% off
 * the left is 40-60 bits from the whole picture and from every centred or corner crop. Blocked
 * media is hashed cut at each of `BLOCKED_STEPS` off each side as well: 28 more hashes.
 */
export const SIDE_CROPS: readonly Crop[] = BLOCKED_STEPS.flatMap((s) => [
  { left: s, top: 0, right: 0, bottom: 0 },
  { left: 0, top: s, right: 0, bottom: 0 },
  { left: 0, top: 0, right: s, bottom: 0 },
  { left: 0, top: 0, right: 0, bottom: s },
]);

export interface Fingerprint {
  kind: 'photo' | 'video_frame';
  hash: string;
  quality: number;
  /**
   * Of the picture mirrored left to right: an upload's are checked against the block list (a
   * flipped re-upload is the original's mirror image), and never kept (`BlockList.remember`).
   */
  mirrored?: true;
}

/** Longest side decoded for hashing, as PDQ's reference hasher does. */
const DECODE_SIDE = 512;

interface Luma {
  data: Float64Array;
  width: number;
  height: number;
}

/** Luminance (PDQ's 0.299 R + 0.587 G + 0.114 B), orientation applied, transparency on white. */
async function luminance(input: string | Buffer): Promise<Luma> {
  const { data, info } = await sharp(input, { limitInputPixels: limits.media.maxImagePixels })
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize(DECODE_SIDE, DECODE_SIDE, { fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  const luma = new Float64Array(width * height);
  for (let i = 0, p = 0; i < luma.length; i++, p += channels) {
    luma[i] = 0.299 * (data[p] as number) + 0.587 * (data[p + 1] as number) + 0.114 * (data[p + 2] as number);
  }
  return { data: luma, width, height };
}

const centred = (share: number): Crop => ({ left: share, top: share, right: share, bottom: share });

/** The picture mirrored left to right. */
function mirror(luma: Luma): Luma {
  const data = new Float64Array(luma.data.length);
  for (let row = 0; row < luma.height; row++) {
    const start = row * luma.width;
    for (let x = 0; x < luma.width; x++) data[start + x] = luma.data[start + luma.width - 1 - x] as number;
  }
  return { ...luma, data };
}

/** The hash of the picture with `crop` cut off. */
function hashOf(luma: Luma, crop: Crop): PerceptualHash {
  const left = Math.round(luma.width * crop.left);
  const top = Math.round(luma.height * crop.top);
  const width = luma.width - left - Math.round(luma.width * crop.right);
  const height = luma.height - top - Math.round(luma.height * crop.bottom);
  if (width === luma.width && height === luma.height)
    return perceptualHash(downscaleLuma(luma.data, luma.width, luma.height));
  const cropped = new Float64Array(width * height);
  for (let row = 0; row < height; row++) {
    const from = (row + top) * luma.width + left;
    cropped.set(luma.data.subarray(from, from + width), row * width);
  }
  return perceptualHash(downscaleLuma(cropped, width, height));
}

/** The perceptual hash of a whole image (a file or its bytes). */
export async function hashImage(input: string | Buffer): Promise<PerceptualHash> {
  return hashOf(await luminance(input), centred(0));
}

/** The hashes of `crops` of a picture, each hash once; none when it is too flat to say anything. */
function fingerprintsOf(luma: Luma, crops: readonly Crop[]): Fingerprint[] {
  const whole = hashOf(luma, centred(0));
  if (whole.quality < MIN_QUALITY) return [];
  const found: Fingerprint[] = [{ kind: 'photo', ...whole }];
  const seen = new Set([whole.hash]);
  for (const crop of crops) {
    const hash = hashOf(luma, crop);
    if (seen.has(hash.hash)) continue;
    seen.add(hash.hash);
    found.push({ kind: 'photo', ...hash });
  }
  return found;
}

/**
 * An upload's fingerprints: the whole picture and its centred crops (`CROPS`); none when it is too
 * flat to say anything (a blank, one colour). With `mirrored`, also those of the picture mirrored
 * left to right (marked `mirrored`), for the block-list check: a flipped copy's DCT differs from
 * the original's in every odd horizontal frequency (about half the bits), its mirror image does not.
 */
export async function fingerprintImage(
  input: string | Buffer,
  options: { mirrored?: boolean } = {},
): Promise<Fingerprint[]> {
  const luma = await luminance(input);
  const crops = CROPS.slice(1).map(centred);
  const found = fingerprintsOf(luma, crops);
  if (!options.mirrored || found.length === 0) return found;
  const seen = new Set(found.map((fingerprint) => fingerprint.hash));
  for (const fingerprint of fingerprintsOf(mirror(luma), crops)) {
    if (seen.has(fingerprint.hash)) continue;
    seen.add(fingerprint.hash);
    found.push({ ...fingerprint, mirrored: true });
  }
  return found;
}

/**
 * What a blocked photo leaves on the block list: the whole picture, its centred crops, its corner
 * crops (`CORNER_CROPS`) and its one-sided crops (`SIDE_CROPS`), each hash once.
 */
export async function blockedFingerprints(input: string | Buffer): Promise<Fingerprint[]> {
  return fingerprintsOf(await luminance(input), [
    ...CROPS.slice(1).map(centred),
    ...CORNER_CROPS,
    ...SIDE_CROPS,
  ]);
}

/** When the sampled frames are taken: the middle of each of `VIDEO_FRAMES` equal parts. */
export function frameTimes(durationSeconds: number, count = VIDEO_FRAMES): number[] {
  if (!(durationSeconds > 0)) return [0];
  return Array.from({ length: count }, (_, i) => (durationSeconds * (i + 0.5)) / count);
}

/**
 * Hashes of a sample of a video's frames (one ffmpeg seek each), each frame whole and at the
 * centred crops (`CROPS`), and mirrored, as a photo upload is: a copy cut down by 10% matches the
 * crop of the original it shows, a flipped copy its mirror image. Flat frames (black, a fade) are
 * left out, and a frame ffmpeg refuses is skipped rather than failing the upload.
 */
export async function fingerprintVideo(
  deps: { ffmpeg: Ffmpeg; scratchRoot: string },
  file: string,
  probe: Pick<ProbeResult, 'durationSeconds'>,
): Promise<Fingerprint[]> {
  const found: Fingerprint[] = [];
  const seen = new Set<string>();
  for (const at of frameTimes(probe.durationSeconds)) {
    const frame = await scratchPath(deps.scratchRoot, '.png');
    try {
      try {
        await deps.ffmpeg.run(['-ss', at.toFixed(3), '-i', file, '-frames:v', '1', '-y', frame]);
      } catch (error) {
        // ffmpeg missing or killed: the job tries again; a frame it refuses is only skipped.
        if (error instanceof ToolFailedError && !error.temporary) continue;
        throw error;
      }
      if (((await stat(frame).catch(() => null))?.size ?? 0) === 0) continue;
      for (const { hash, quality, mirrored } of await fingerprintImage(frame, { mirrored: true })) {
        if (seen.has(hash)) continue;
        seen.add(hash);
        found.push({ kind: 'video_frame', hash, quality, ...(mirrored ? { mirrored } : {}) });
      }
    } finally {
      await rm(frame, { force: true });
    }
  }
  return found;
}

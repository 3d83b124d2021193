import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { blockedFingerprints, hashImage } from '../services/media/fingerprints.ts';
import { scene } from '../test/scenes.ts';
import {
  hammingDistance,
  MATCH_DISTANCE,
  MIN_QUALITY,
  normalizeHash,
  perceptualHash,
} from './perceptual-hash.ts';

/** `near` of the width and height cut off the left and top, `far` off the right and bottom. */
async function cropped(image: Buffer, near: number, far: number): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  const left = Math.round(width * near);
  const top = Math.round(height * near);
  return sharp(image)
    .extract({
      left,
      top,
      width: width - left - Math.round(width * far),
      height: height - top - Math.round(height * far),
    })
    .toBuffer();
}

/** `share` of the picture cut off one side only. */
async function side(
  image: Buffer,
  edge: 'left' | 'top' | 'right' | 'bottom',
  share: number,
): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  const across = edge === 'left' || edge === 'right' ? Math.round(width * share) : 0;
  const down = edge === 'top' || edge === 'bottom' ? Math.round(height * share) : 0;
  return sharp(image)
    .extract({
      left: edge === 'left' ? across : 0,
      top: edge === 'top' ? down : 0,
      width: width - across,
      height: height - down,
    })
    .toBuffer();
}

/** The edits a re-uploader makes to dodge an exact match. */
const edits: Record<string, (image: Buffer) => Promise<Buffer>> = {
  'JPEG quality 70': (image) => sharp(image).jpeg({ quality: 70 }).toBuffer(),
  'half size': async (image) => {
    const { width = 0 } = await sharp(image).metadata();
    return sharp(image)
      .resize({ width: Math.round(width / 2) })
      .toBuffer();
  },
  '5% crop (2.5% off each side)': (image) => cropped(image, 0.025, 0.025),
  '10% crop (5% off each side)': (image) => cropped(image, 0.05, 0.05),
  '15% crop (7.5% off each side)': (image) => cropped(image, 0.075, 0.075),
  '3.75% off the left and top': (image) => cropped(image, 0.0375, 0),
  '6.75% off the left and top': (image) => cropped(image, 0.0675, 0),
  '10% off the left and top': (image) => cropped(image, 0.1, 0),
  '7% off the right and bottom': (image) => cropped(image, 0, 0.07),
  '6% off the left only': (image) => side(image, 'left', 0.06),
  '4% off the top only': (image) => side(image, 'top', 0.04),
  '8.25% off the right only': (image) => side(image, 'right', 0.0825),
  '10% off the bottom only': (image) => side(image, 'bottom', 0.1),
  '15% brighter': (image) => sharp(image).modulate({ brightness: 1.15 }).toBuffer(),
  'WebP at quality 50': (image) => sharp(image).webp({ quality: 50 }).toBuffer(),
};

const SCENES = [11, 22, 33, 44, 55, 66, 77, 88];

describe('perceptual hash', () => {
  it('keeps edited copies within the match distance and different pictures far outside it', async () => {
    const originals = await Promise.all(SCENES.map((seed) => scene(seed)));
    const hashes = await Promise.all(originals.map((image) => hashImage(image)));
    // What a removed photo leaves on the block list: its hash, its centred, corner and one-sided crops'.
    const blocked = await Promise.all(originals.map((image) => blockedFingerprints(image)));
    for (const { quality } of hashes) expect(quality).toBeGreaterThanOrEqual(MIN_QUALITY);
    console.info(`quality of the scenes: ${hashes.map((h) => h.quality).join(', ')}`);

    const same: Record<string, { whole: number[]; listed: number[] }> = {};
    for (const [name, edit] of Object.entries(edits)) {
      const figures = { whole: [] as number[], listed: [] as number[] };
      same[name] = figures;
      for (const [i, image] of originals.entries()) {
        const edited = await hashImage(await edit(image));
        figures.whole.push(hammingDistance((hashes[i] as { hash: string }).hash, edited.hash));
        figures.listed.push(
          Math.min(...(blocked[i] ?? []).map((entry) => hammingDistance(entry.hash, edited.hash))),
        );
      }
    }
    const different: number[] = [];
    for (let i = 0; i < hashes.length; i++)
      for (let j = i + 1; j < hashes.length; j++)
        different.push(
          hammingDistance((hashes[i] as { hash: string }).hash, (hashes[j] as { hash: string }).hash),
        );

    // What the check really compares: every fingerprint of one picture with every one of another.
    const crossed: number[] = [];
    for (let i = 0; i < blocked.length; i++)
      for (let j = i + 1; j < blocked.length; j++)
        for (const a of blocked[i] ?? [])
          for (const b of blocked[j] ?? []) crossed.push(hammingDistance(a.hash, b.hash));
    const lines = Object.entries(same).map(
      ([name, { whole, listed }]) =>
        `  ${name.padEnd(32)} to the block list: max ${String(Math.max(...listed)).padStart(3)} (${listed.join(', ')}); whole picture only: max ${Math.max(...whole)}`,
    );
    const mean = Math.round(different.reduce((a, b) => a + b, 0) / different.length);
    console.info(
      [
        `perceptual hash over ${SCENES.length} scenes, bits of 256 that differ (match distance ${MATCH_DISTANCE}):`,
        ...lines,
        `  different pictures (${different.length} pairs): min ${Math.min(...different)}, mean ${mean}`,
        `  different pictures, any fingerprint against any (${crossed.length} pairs): min ${Math.min(...crossed)}`,
      ].join('\n'),
    );
    for (const name of Object.keys(edits))
      expect(Math.max(...(same[name]?.listed ?? [Infinity]))).toBeLessThanOrEqual(MATCH_DISTANCE);
    expect(Math.min(...different)).toBeGreaterThan(MATCH_DISTANCE * 2);
    expect(Math.min(...crossed)).toBeGreaterThan(MATCH_DISTANCE * 2);
  }, 60_000);

  it('rates a flat picture too poor to hash, so blank frames never match each other', async () => {
    const black = await hashImage(
      await sharp({ create: { width: 320, height: 240, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
    );
    const grey = await hashImage(
      await sharp({ create: { width: 320, height: 240, channels: 3, background: '#777' } })
        .png()
        .toBuffer(),
    );
    expect(black.quality).toBeLessThan(MIN_QUALITY);
    expect(grey.quality).toBeLessThan(MIN_QUALITY);
  });

  it('counts differing bits and reads pasted hashes', () => {
    const a = perceptualHash(new Uint8Array(64 * 64).map((_, i) => (i * 37) % 251)).hash;
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(hammingDistance(a, a)).toBe(0);
    const flipped = (Number.parseInt(a[0] as string, 16) ^ 0b1011).toString(16) + a.slice(1);
    expect(hammingDistance(a, flipped)).toBe(3);
    expect(hammingDistance('f'.repeat(64), '0'.repeat(64))).toBe(256);
    expect(normalizeHash(` ${a.toUpperCase().slice(0, 32)} ${a.slice(32)} `)).toBe(a);
    expect(normalizeHash('abc')).toBeNull();
    expect(normalizeHash('g'.repeat(64))).toBeNull();
  });
});

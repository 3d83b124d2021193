import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { scene } from '../test/scenes.ts';
import {
  addClamped,
  embedMark,
  GRID,
  MARK_AMPLITUDE,
  MIN_Z,
  markPattern,
  type Pattern,
  traceMark,
} from './photo-mark.ts';

const SECRET = 'test-secret-for-photo-marks';
/** The photo's deliveries: 40 viewers; the leak is from `leaker`. */
const deliveries = Array.from({ length: 40 }, (_, i) => ({
  id: `delivery-${i}`,
  pattern: markPattern(SECRET, `delivery-${i}`),
}));
const leaker = deliveries[17] as { id: string; pattern: Pattern };

/** What leaks go through, each applied to the copy the leaker was given. */
const leaks: Record<string, (copy: Buffer) => Promise<Buffer>> = {
  'JPEG at quality 70': (copy) => sharp(copy).jpeg({ quality: 70 }).toBuffer(),
  'resized to half': (copy) => sharp(copy).resize({ width: 600 }).jpeg({ quality: 85 }).toBuffer(),
  'a 10% crop (5% off each side)': async (copy) =>
    sharp(copy).extract({ left: 60, top: 45, width: 1080, height: 810 }).jpeg({ quality: 85 }).toBuffer(),
  'a 10% crop from one corner': async (copy) =>
    sharp(copy).extract({ left: 120, top: 90, width: 1080, height: 810 }).jpeg({ quality: 85 }).toBuffer(),
  // A phone screenshot of the photo on screen: shown smaller, saved as PNG.
  'a PNG screenshot of the photo shown at 390 px': (copy) =>
    sharp(copy).resize({ width: 390, kernel: 'cubic' }).png().toBuffer(),
  'cropped 10%, halved and saved at quality 70': async (copy) =>
    sharp(await sharp(copy).extract({ left: 0, top: 90, width: 1080, height: 810 }).toBuffer())
      .resize({ width: 540 })
      .jpeg({ quality: 70 })
      .toBuffer(),
};

describe('the invisible mark on photos', () => {
  let original: Buffer;
  let marked: Buffer;
  beforeAll(async () => {
    original = await scene(7, 1200, 900);
    marked = await embedMark(original, leaker.pattern);
  });

  it('is one pattern per delivery, made from the secret', () => {
    expect(leaker.pattern).toHaveLength(GRID * GRID);
    expect(markPattern(SECRET, 'delivery-17')).toEqual(leaker.pattern);
    const other = markPattern(SECRET, 'delivery-18');
    const same = leaker.pattern.filter((chip, i) => chip === other[i]).length;
    // About half the chips agree between two deliveries, as between two coin-toss sequences.
    expect(same / leaker.pattern.length).toBeGreaterThan(0.45);
    expect(same / leaker.pattern.length).toBeLessThan(0.55);
    expect(markPattern('another secret', 'delivery-17')).not.toEqual(leaker.pattern);
  });

  it('adds the mark exactly as adding it pixel by pixel would, clamped at 0 and 255, in colour and in grey', async () => {
    // The mark written the plain way: each pixel's change interpolated between grid cell centres.
    const expected = (pixels: Buffer, width: number, height: number, channels: number, pattern: Pattern) => {
      const at = (i: number, size: number) => {
        const position = Math.min(GRID - 1, Math.max(0, ((i + 0.5) * GRID) / size - 0.5));
        const cell = Math.min(GRID - 2, Math.floor(position));
        return { cell, weight: Math.fround(position - cell) };
      };
      const out = Buffer.from(pixels);
      for (let y = 0; y < height; y += 1) {
        const row = at(y, height);
        for (let x = 0; x < width; x += 1) {
          const column = at(x, width);
          const chip = (gy: number, gx: number) => pattern[gy * GRID + gx] as number;
          const along = (gy: number) =>
            Math.fround(
              MARK_AMPLITUDE *
                (chip(gy, column.cell) + (chip(gy, column.cell + 1) - chip(gy, column.cell)) * column.weight),
            );
          const upper = along(row.cell);
          const delta = ((upper + (along(row.cell + 1) - upper) * row.weight + 64.5) | 0) - 64;
          for (let c = 0; c < channels; c += 1) {
            const i = (y * width + x) * channels + c;
            out[i] = Math.min(255, Math.max(0, (out[i] as number) + delta));
          }
        }
      }
      return out;
    };
    // Odd sizes, and pixels at the ends of the range, where the clamping shows.
    for (const { width, height, channels } of [
      { width: 1201, height: 899, channels: 3 as const },
      { width: 333, height: 250, channels: 1 as const },
    ]) {
      const pixels = Buffer.alloc(width * height * channels);
      for (let i = 0; i < pixels.length; i += 1) pixels[i] = [0, 1, 254, 255][i % 7] ?? (i * 7919) % 256;
      const input = await sharp(pixels, { raw: { width, height, channels } }).png().toBuffer();
      const marked = await embedMark(input, leaker.pattern, { format: 'png' });
      // A size given up front, right or wrong, gives the same bytes (a wrong one is planned again).
      for (const size of [
        { width, height },
        { width: height, height: width },
      ])
        expect((await embedMark(input, leaker.pattern, { format: 'png', size })).equals(marked)).toBe(true);
      const got = await sharp(marked).raw().toBuffer({ resolveWithObject: true });
      // Grey is decoded as colour (sRGB, the same level in each channel), and marked as such.
      const decoded = await sharp(input).raw().toBuffer({ resolveWithObject: true });
      expect(got.info.channels).toBe(decoded.info.channels);
      const want = expected(decoded.data, width, height, decoded.info.channels, leaker.pattern);
      let differing = 0;
      for (let i = 0; i < want.length; i += 1) if (got.data[i] !== want[i]) differing += 1;
      expect(differing).toBe(0);
    }
  });

  it('adds four bytes at a time as it does one at a time, clamped, from any offset', () => {
    const bytes = new Uint8Array(64).map((_, i) => [0, 1, 2, 127, 128, 129, 253, 254, 255][i % 9] as number);
    for (const delta of [-3, -2, -1, 1, 2, 3, 100, -100]) {
      for (const [from, to] of [
        [0, 64],
        [3, 61],
        [5, 6],
        [8, 8],
      ] as const) {
        const copy = bytes.slice();
        addClamped(copy, new Uint32Array(copy.buffer), from, to, delta);
        const want = bytes.map((value, i) =>
          i >= from && i < to ? Math.min(255, Math.max(0, value + delta)) : value,
        );
        expect([...copy]).toEqual([...want]);
      }
    }
  });

  it('changes the photo by a few levels at most (PSNR above 44 dB)', async () => {
    // Lossless, so the difference is the mark's alone (a JPEG encoding moves grainy pixels more).
    const [a, b] = await Promise.all(
      [0, MARK_AMPLITUDE].map(async (amplitude) =>
        sharp(await embedMark(original, leaker.pattern, { format: 'png', amplitude }))
          .raw()
          .toBuffer(),
      ),
    );
    let squares = 0;
    let largest = 0;
    for (let i = 0; i < (a?.length ?? 0); i += 1) {
      const difference = (a?.[i] ?? 0) - (b?.[i] ?? 0);
      squares += difference * difference;
      largest = Math.max(largest, Math.abs(difference));
    }
    const psnr = 10 * Math.log10((255 * 255) / (squares / (a?.length ?? 1)));
    console.info(`the mark alone: PSNR ${psnr.toFixed(1)} dB, largest change ${largest} levels`);
    expect(psnr).toBeGreaterThan(44);
    expect(largest).toBeLessThanOrEqual(MARK_AMPLITUDE);
  });

  it.each(Object.keys(leaks))('names the delivery after %s', async (name) => {
    const leak = leaks[name] as (copy: Buffer) => Promise<Buffer>;
    const copy = await leak(marked);
    const result = await traceMark(original, copy, deliveries);
    console.info(
      `${name}: z ${result.best.toFixed(1)} (next ${result.runnerUp.toFixed(1)}), alignment ${result.alignment?.score.toFixed(3)}`,
    );
    expect(result.found?.id).toBe(leaker.id);
    expect(result.found?.z).toBeGreaterThanOrEqual(MIN_Z);
  });

  it('never names anyone for an unmarked copy, nor someone else for another viewer’s copy', async () => {
    const unmarked = await traceMark(
      original,
      (await leaks['JPEG at quality 70']?.(original)) as Buffer,
      deliveries,
    );
    console.info(`unmarked copy: best z ${unmarked.best.toFixed(1)}`);
    expect(unmarked.alignment).not.toBeNull();
    expect(unmarked.found).toBeNull();
    expect(unmarked.best).toBeLessThan(MIN_Z);

    // The leaker's copy, traced among the other viewers only: nobody is named.
    const others = deliveries.filter((delivery) => delivery.id !== leaker.id);
    const copy = (await leaks['a 10% crop (5% off each side)']?.(marked)) as Buffer;
    const result = await traceMark(original, copy, others);
    console.info(`the leaker's copy among the others: best z ${result.best.toFixed(1)}`);
    expect(result.found).toBeNull();
  });

  it('does not match a different photo', async () => {
    const result = await traceMark(await scene(8, 1200, 900), marked, deliveries);
    expect(result.found).toBeNull();
  });
});

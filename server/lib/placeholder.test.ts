import sharp from 'sharp';
import { rgbaToThumbHash, thumbHashToAverageRGBA } from 'thumbhash';
import { describe, expect, it } from 'vitest';
import { placeholderDataUrl } from './placeholder.ts';

/** A thumbhash of a picture: left half `left`, right half `right` (RGB). */
function thumbhashOf(width: number, height: number, left: number[], right: number[]): string {
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1)
      rgba.set([...(x < width / 2 ? left : right), 255], (y * width + x) * 4);
  return Buffer.from(rgbaToThumbHash(width, height, rgba)).toString('base64');
}

async function pixelsOf(url: string) {
  const png = Buffer.from(url.replace(/^data:image\/png;base64,/, ''), 'base64');
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  return { data, info };
}

describe('placeholderDataUrl', () => {
  it('draws the thumbhash as a PNG of 8 pixels on its longer side, in its shape and colours', async () => {
    const hash = thumbhashOf(80, 45, [220, 40, 40], [30, 60, 200]);
    const url = placeholderDataUrl(hash);
    expect(url).toMatch(/^data:image\/png;base64,/);
    expect(url?.length).toBeLessThan(600);
    const { data, info } = await pixelsOf(url ?? '');
    expect([info.width, info.height, info.channels]).toEqual([8, 5, 3]);
    // Red on the left, blue on the right, as the picture was.
    const at = (x: number, y: number) => [...data.subarray((y * 8 + x) * 3, (y * 8 + x) * 3 + 3)];
    const [leftRed = 0, , leftBlue = 0] = at(0, 2);
    const [rightRed = 0, , rightBlue = 0] = at(7, 2);
    expect(leftRed).toBeGreaterThan(leftBlue + 80);
    expect(rightBlue).toBeGreaterThan(rightRed + 80);
    // On the whole, the thumbhash's own average colour.
    const average = thumbHashToAverageRGBA(Buffer.from(hash, 'base64'));
    const mean = (channel: number) =>
      data.filter((_, index) => index % 3 === channel).reduce((sum, value) => sum + value, 0) / (8 * 5);
    expect(Math.abs(mean(0) - average.r * 255)).toBeLessThan(25);
    expect(Math.abs(mean(2) - average.b * 255)).toBeLessThan(25);
  });

  it('keeps a portrait picture upright', async () => {
    const { info } = await pixelsOf(
      placeholderDataUrl(thumbhashOf(30, 60, [10, 10, 10], [240, 240, 240])) ?? '',
    );
    expect(info.height).toBe(8);
    expect(info.width).toBeLessThan(8);
  });

  it('gives nothing for no thumbhash or one it cannot read', () => {
    expect(placeholderDataUrl(null)).toBeNull();
    expect(placeholderDataUrl('')).toBeNull();
    expect(placeholderDataUrl('AA')).toBeNull();
  });
});

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

/**
 * Pictures with the detail of a photo, for perceptual hashing (`server/lib/perceptual-hash.ts`):
 * the noise fixtures of media-fixtures.ts average out to a flat grey at 64 x 64 and are too plain
 * to hash, and one colour fills are refused as such on purpose.
 */

/** A small deterministic generator, so a seed always makes the same picture. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** A photo-like scene (JPEG): a gradient sky, 40 shapes of several sizes and colours, and grain. */
export async function scene(seed: number, width = 1200, height = 900): Promise<Buffer> {
  const random = seeded(seed);
  const colour = () =>
    `rgb(${Math.floor(random() * 256)},${Math.floor(random() * 256)},${Math.floor(random() * 256)})`;
  const shapes: string[] = [];
  for (let i = 0; i < 40; i++) {
    const x = Math.floor(random() * width);
    const y = Math.floor(random() * height);
    const size = 30 + Math.floor(random() * 220);
    shapes.push(
      random() < 0.5
        ? `<circle cx="${x}" cy="${y}" r="${size / 2}" fill="${colour()}" />`
        : `<rect x="${x}" y="${y}" width="${size}" height="${size * (0.5 + random())}" fill="${colour()}" transform="rotate(${Math.floor(random() * 90)} ${x} ${y})" />`,
    );
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="${random()}" y2="1">
      <stop offset="0" stop-color="${colour()}" /><stop offset="1" stop-color="${colour()}" /></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)" />${shapes.join('')}</svg>`;
  const grain = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 12 },
    },
  })
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: grain, blend: 'soft-light' }])
    .jpeg({ quality: 92 })
    .toBuffer();
}

/**
 * 3 s of an ffmpeg test source (`testsrc`, `mandelbrot`, `smptebars`...) as H.264 MP4, no sound;
 * `filter`: an ffmpeg video filter applied to it (a crop, a mirror).
 */
export function sourceVideo(source: string, size = '320x240', filter?: string): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'fp-scene-video-'));
  try {
    const out = path.join(dir, 'video.mp4');
    execFileSync(
      'ffmpeg',
      [
        ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `${source}=size=${size}:rate=15`],
        ...(filter ? ['-vf', filter] : []),
        ...['-t', '3', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', out],
      ],
      { stdio: 'ignore' },
    );
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createFfmpeg } from '../../adapters/ffmpeg.ts';
import { markFilter, processVideo } from './video-processing.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'video-mark-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A 1 s flat grey clip: any bright pixel in a frame of its renditions was drawn by the mark. */
function greyClip(): string {
  const file = path.join(dir, 'grey.mp4');
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'color=c=0x606060:size=320x240:rate=10:duration=1',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-y',
    file,
  ]);
  return file;
}

/** The brightest pixel (greyscale) at the bottom (its left quarter apart) and above, of one rung's first frame. */
async function brightest(hlsDir: string, rung: string) {
  const frame = path.join(dir, `${path.basename(hlsDir)}-${rung}.png`);
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-i',
    path.join(hlsDir, rung, 'index.m3u8'),
    '-frames:v',
    '1',
    '-y',
    frame,
  ]);
  const { data, info } = await sharp(frame).greyscale().raw().toBuffer({ resolveWithObject: true });
  let corner = 0;
  let left = 0;
  let rest = 0;
  for (let row = 0; row < info.height; row++) {
    for (let col = 0; col < info.width; col++) {
      const value = data[row * info.width + col] ?? 0;
      if (row >= info.height * 0.75 && col < info.width * 0.25) left = Math.max(left, value);
      else if (row >= info.height * 0.75) corner = Math.max(corner, value);
      else rest = Math.max(rest, value);
    }
  }
  return { corner, left, rest };
}

describe('the page address burned into new videos', () => {
  const ffmpeg = createFfmpeg({ concurrency: 1 });

  it('writes drawtext for the corner, escaping the colon of a port and dropping quotes', () => {
    const filter = markFilter("localhost:3000/jane'doe", 320, 240);
    expect(filter).toContain("text='localhost\\:3000/janedoe'");
    expect(filter).toContain('fontsize=14');
    expect(filter).toContain('x=w-tw-');
    expect(markFilter('fanplace.example/jane', 1920, 1080)).toContain('fontsize=58');
  });

  it('draws the mark at the bottom of the frame, and nothing without one', async () => {
    const clip = greyClip();
    const tools = { ffmpeg, scratchRoot: dir };
    const marked = await processVideo(tools, clip, { mark: 'fanplace.example/jane' });
    const plain = await processVideo(tools, clip);
    try {
      expect(marked.renditions.map((rung) => rung.name)).toEqual(['240p']);
      const withMark = await brightest(marked.hlsDir, '240p');
      const without = await brightest(plain.hlsDir, '240p');
      expect(withMark.corner).toBeGreaterThan(200);
      expect(withMark.rest).toBeLessThan(120);
      expect(withMark.left).toBeLessThan(120);
      expect(without.corner).toBeLessThan(120);
    } finally {
      await marked.cleanup();
      await plain.cleanup();
    }
  }, 60_000);

  it('lays the same mark on from a PNG (an ffmpeg without drawtext)', async () => {
    const clip = greyClip();
    const overlaid = await processVideo({ ffmpeg, scratchRoot: dir }, clip, {
      mark: 'fanplace.example/jane',
      method: 'overlay',
    });
    try {
      const frame = await brightest(overlaid.hlsDir, '240p');
      expect(frame.corner).toBeGreaterThan(200);
      expect(frame.rest).toBeLessThan(120);
      expect(frame.left).toBeLessThan(120);
    } finally {
      await overlaid.cleanup();
    }
  }, 60_000);
});

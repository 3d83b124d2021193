import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Ffmpeg } from '../../adapters/ffmpeg.ts';

/** Seconds of the demo clip: long enough to see it play, short enough to make in about a second. */
export const DEMO_VIDEO_SECONDS = 3;

/**
 * A short H.264/AAC MP4 made from ffmpeg's own sources (a Mandelbrot zoom and a soft tone), or
 * null when ffmpeg is missing or cannot encode it: the demo then shows a picture instead.
 */
export async function makeDemoVideo(ffmpeg: Pick<Ffmpeg, 'run'>): Promise<Buffer | null> {
  const dir = await mkdtemp(path.join(tmpdir(), 'fp-demo-video-'));
  const out = path.join(dir, 'demo.mp4');
  const seconds = String(DEMO_VIDEO_SECONDS);
  try {
    await ffmpeg.run(
      [
        '-f',
        'lavfi',
        '-i',
        'mandelbrot=size=640x360:rate=24',
        '-f',
        'lavfi',
        '-i',
        `sine=frequency=220:sample_rate=44100:duration=${seconds}`,
        '-t',
        seconds,
        '-vf',
        `fade=t=in:d=0.4,fade=t=out:st=${DEMO_VIDEO_SECONDS - 0.4}:d=0.4`,
        '-af',
        `volume=0.2,afade=t=in:d=0.4,afade=t=out:st=${DEMO_VIDEO_SECONDS - 0.4}:d=0.4`,
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-b:a',
        '64k',
        '-movflags',
        '+faststart',
        '-y',
        out,
      ],
      60_000,
    );
    return await readFile(out);
  } catch {
    return null;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

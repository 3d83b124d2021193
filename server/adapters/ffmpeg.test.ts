import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFfmpeg } from './ffmpeg.ts';

/** ffmpeg processes this process started that are running right now (read from /proc). */
function runningFfmpegChildren(): number {
  let count = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid ...: comm may hold spaces, so split after the closing parenthesis.
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const [state, ppid] = stat
        .slice(stat.lastIndexOf(')') + 2)
        .split(' ')
        .slice(0, 2);
      if (comm === 'ffmpeg' && Number(ppid) === process.pid && state !== 'Z') count += 1;
    } catch {
      // The process ended while we looked.
    }
  }
  return count;
}

describe('ffmpeg adapter', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'fp-ffmpeg-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('never runs more ffmpeg processes at once than FFMPEG_CONCURRENCY, and runs every job', async () => {
    const ffmpeg = createFfmpeg({ concurrency: 2 });
    let peak = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, runningFfmpegChildren());
    }, 10);
    const started = performance.now();
    try {
      // Each job reads a generated clip in real time (-re), so it lasts about 0.6 s whatever the CPU.
      await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          ffmpeg.run([
            '-re',
            '-f',
            'lavfi',
            '-i',
            'color=c=black:s=32x32:r=10:d=0.6',
            '-y',
            path.join(dir, `out-${i}.mp4`),
          ]),
        ),
      );
    } finally {
      clearInterval(sampler);
    }
    const seconds = (performance.now() - started) / 1000;
    // Two at a time: they did run side by side, never three.
    expect(peak).toBe(2);
    // Five jobs two at a time take three rounds.
    expect(seconds).toBeGreaterThan(1.6);
    for (let i = 0; i < 5; i += 1) expect(statSync(path.join(dir, `out-${i}.mp4`)).size).toBeGreaterThan(0);
  });

  it('lets a job through when one before it failed', async () => {
    const ffmpeg = createFfmpeg({ concurrency: 1 });
    await expect(
      ffmpeg.run(['-i', path.join(dir, 'missing.mp4'), '-y', path.join(dir, 'x.mp4')]),
    ).rejects.toThrow(/ffmpeg failed/);
    await ffmpeg.run(['-f', 'lavfi', '-i', 'color=c=red:s=16x16:d=0.2', '-y', path.join(dir, 'after.mp4')]);
    expect(statSync(path.join(dir, 'after.mp4')).size).toBeGreaterThan(0);
  });

  it('answers null for a file that is not a video', async () => {
    const ffmpeg = createFfmpeg({ concurrency: 1 });
    expect(await ffmpeg.probe(path.join(dir, 'missing.mp4'))).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { alignment, type FrameSeries } from './recording-marks.ts';

/** Frames of 16 grey values from a seeded sequence, each with its own pattern. */
function series(count: number, seed: number): FrameSeries {
  let state = seed;
  const next = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 8) % 200;
  };
  return {
    width: 4,
    height: 4,
    frames: Array.from({ length: count }, () => Float32Array.from({ length: 16 }, next)),
  };
}

describe('aligning a recording with the video', () => {
  it('finds where a recording starts, and never a place that leaves most of it past the video’s end', () => {
    const video = series(64, 7);
    // A recording from 10 samples in, a little off (re-encoded).
    const recording: FrameSeries = {
      ...video,
      frames: video.frames.slice(10, 50).map((frame) => frame.map((value, i) => value + (i % 3) - 1)),
    };
    expect(alignment(recording, video)).toMatchObject({ shift: 10 });
    // The video's last 8 samples repeat the recording's first 8 exactly: a closer match than the
    // true place, but most of the recording would then fall after the video's end.
    for (let i = 0; i < 8; i += 1)
      video.frames[56 + i] = Float32Array.from(recording.frames[i] as Float32Array);
    expect(alignment(recording, video)).toMatchObject({ shift: 10 });
  });
});

import { describe, expect, it } from 'vitest';
import { alignment, type FrameSeries, movingRegion } from './recording-marks.ts';

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

describe('finding the video inside a recording’s frame', () => {
  /** 40 x 60 frames: still grey bars (with a little noise, as compression leaves) around `moving`. */
  function framed(moving: { x: number; y: number; width: number; height: number } | null): FrameSeries {
    const width = 40;
    const height = 60;
    let state = 3;
    const next = () => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      return state >>> 8;
    };
    const frames = Array.from({ length: 20 }, () => {
      const frame = new Float32Array(width * height);
      for (let y = 0; y < height; y += 1)
        for (let x = 0; x < width; x += 1) {
          const inside =
            moving &&
            x >= moving.x &&
            x < moving.x + moving.width &&
            y >= moving.y &&
            y < moving.y + moving.height;
          frame[y * width + x] = inside ? (next() % 160) - 80 : (y < 8 ? 40 : -20) + (next() % 3) - 1;
        }
      return frame;
    });
    return { width, height, frames };
  }

  it('finds the moving part of a framed recording, and nothing to cut when it fills the frame or nothing moves', () => {
    const region = movingRegion(framed({ x: 0, y: 18, width: 40, height: 24 }));
    expect(region).not.toBeNull();
    expect(region?.x).toBeCloseTo(0, 5);
    expect(region?.y).toBeCloseTo(18 / 60, 5);
    expect(region?.width).toBeCloseTo(1, 5);
    expect(region?.height).toBeCloseTo(24 / 60, 5);
    expect(movingRegion(framed({ x: 0, y: 0, width: 40, height: 60 }))).toBeNull();
    expect(movingRegion(framed(null))).toBeNull();
  });
});

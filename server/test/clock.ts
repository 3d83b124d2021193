import type { Clock } from '../lib/clock.ts';

export interface TestClock extends Clock {
  advance(ms: number): void;
}

/** A clock that only moves when the test says so: time rules without sleeping. */
export function createTestClock(start: Date = new Date()): TestClock {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(ms) {
      now += ms;
    },
  };
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

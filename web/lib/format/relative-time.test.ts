import { describe, expect, it } from 'vitest';
import { relativeTimeLabel } from './relative-time.ts';

const now = new Date('2026-06-15T12:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe('relativeTimeLabel', () => {
  it.each([
    [0, 'just now'],
    [59, 'just now'],
    [60, '1 min'],
    [59 * 60 + 59, '59 min'],
    [3600, '1 hrs'],
    [23 * 3600, '23 hrs'],
    [24 * 3600, '1 d'],
    [6 * 86400, '6 d'],
    [7 * 86400, '1 w'],
    [27 * 86400, '3 w'],
    [28 * 86400, '1 mo'],
    [45 * 86400, '1 mo'],
    [300 * 86400, '10 mo'],
    [359 * 86400, '11 mo'],
    [360 * 86400, '1 y'],
    [365 * 86400, '1 y'],
    [3 * 365 * 86400, '3 y'],
  ])('%i seconds ago reads %s', (seconds, label) => {
    expect(relativeTimeLabel(ago(seconds), now)).toBe(label);
  });

  it('reads a time in the future or an invalid date as just now', () => {
    expect(relativeTimeLabel(new Date(now.getTime() + 5000), now)).toBe('just now');
    expect(relativeTimeLabel('not a date', now)).toBe('just now');
  });
});

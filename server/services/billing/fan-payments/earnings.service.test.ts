import { describe, expect, it } from 'vitest';
import { AppError } from '../../../errors.ts';
import { earningsRange, periodStart } from './earnings.service.ts';

const day = (date: Date) => date.toISOString().slice(0, 10);
const at = (iso: string) => new Date(iso);

describe('earnings ranges (UTC)', () => {
  it('starts days at midnight, weeks on Monday and months on the first, across year ends', () => {
    expect(day(periodStart(at('2026-11-24T23:59:59Z'), 'day'))).toBe('2026-11-24');
    expect(day(periodStart(at('2026-11-29T12:00:00Z'), 'week'))).toBe('2026-11-23');
    expect(day(periodStart(at('2026-11-23T00:00:00Z'), 'week'))).toBe('2026-11-23');
    expect(day(periodStart(at('2027-01-01T08:00:00Z'), 'week'))).toBe('2026-12-28');
    expect(day(periodStart(at('2024-02-29T08:00:00Z'), 'month'))).toBe('2024-02-01');
  });

  it('counts back the default number of buckets from today, over a year end', () => {
    const today = at('2027-01-15T10:00:00Z');
    const months = earningsRange({ period: 'month' }, today);
    expect(months.starts.map(day)).toEqual([
      '2026-02-01',
      '2026-03-01',
      '2026-04-01',
      '2026-05-01',
      '2026-06-01',
      '2026-07-01',
      '2026-08-01',
      '2026-09-01',
      '2026-10-01',
      '2026-11-01',
      '2026-12-01',
      '2027-01-01',
    ]);
    expect(day(months.until)).toBe('2027-02-01');
    const weeks = earningsRange({ period: 'week' }, today);
    expect(weeks.starts).toHaveLength(12);
    expect(day(weeks.starts[0] as Date)).toBe('2026-10-26');
    expect(day(weeks.until)).toBe('2027-01-18');
    const days = earningsRange({ period: 'day', to: '2026-03-01' }, today);
    expect(days.starts).toHaveLength(30);
    expect(day(days.starts[0] as Date)).toBe('2026-01-31');
    expect(day(days.until)).toBe('2026-03-02');
  });

  it('refuses a range past the limit or ending before it starts', () => {
    const today = at('2026-11-24T10:00:00Z');
    expect(
      earningsRange({ period: 'week', from: '2026-06-01', to: '2026-11-24' }, today).starts,
    ).toHaveLength(26);
    // 31 May is a Sunday: its week, from 25 May, is one too many.
    expect(() => earningsRange({ period: 'week', from: '2026-05-31', to: '2026-11-24' }, today)).toThrow(
      'Choose a shorter range: at most 26 weeks at a time',
    );
    const late = (() => {
      try {
        earningsRange({ period: 'month', from: '2026-12-01' }, today);
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(late).toBeInstanceOf(AppError);
    expect((late as AppError).statusCode).toBe(400);
    expect((late as AppError).message).toBe('The start date must be on or before the end date');
  });
});

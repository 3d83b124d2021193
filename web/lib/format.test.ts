import { describe, expect, it } from 'vitest';
import {
  formatClockTime,
  formatDateTime,
  formatDayLabel,
  formatLocalDate,
  formatLongDate,
  formatLongDateTime,
  formatMoney,
  formatNumber,
  formatPrice,
  formatShortDate,
  formatUtcDay,
  formatUtcMonth,
  instantToLocal,
  localToInstant,
} from './format.ts';

describe('money and dates for people', () => {
  it('groups the digits of a count by thousands', () => {
    expect([0, 7, 1204, 1234567].map(formatNumber)).toEqual(['0', '7', '1,204', '1,234,567']);
  });

  it('writes amounts with cents and prices without empty cents', () => {
    expect(formatMoney({ amount: 1250, currency: 'USD' })).toBe('$12.50');
    expect(formatMoney({ amount: 400, currency: 'USD' })).toBe('$4.00');
    expect(formatPrice({ amount: 1000, currency: 'USD' })).toBe('$10');
    expect(formatPrice({ amount: 999, currency: 'USD' })).toBe('$9.99');
    expect(formatPrice({ amount: 123_456, currency: 'USD' })).toBe('$1,234.56');
  });

  it('writes dates in three lengths, and a dash for an unknown one', () => {
    const iso = '2026-03-12T12:05:00.000Z';
    expect(formatShortDate(iso)).toBe('12 Mar 2026');
    expect(formatLongDate(iso)).toBe('12 March 2026');
    expect(formatDateTime(iso)).toMatch(/^12 Mar 2026, \d\d:05$/);
    expect(formatShortDate(null)).toBe('—');
    expect(formatLongDate('not a date')).toBe('—');
    expect(formatDateTime(undefined)).toBe('—');
  });

  it('writes a payment date-time in full and a clock time in 24 hours', () => {
    expect(formatLongDateTime('2026-03-12T12:05:00.000Z')).toMatch(/^12 March 2026 at \d\d:05$/);
    expect(formatLongDateTime(null)).toBe('—');
    expect(formatClockTime('2026-03-12T12:05:00.000Z')).toMatch(/^\d\d:05$/);
  });

  it('writes the earnings chart days and months in UTC, whatever the local zone', () => {
    expect(formatUtcDay('2026-11-24', 'short')).toBe('24 Nov');
    expect(formatUtcDay('2026-11-24', 'long')).toBe('24 Nov 2026');
    expect(formatUtcMonth('2026-11-01', 'short')).toBe('Nov 2026');
    expect(formatUtcMonth('2026-11-01', 'long')).toBe('November 2026');
  });

  it("writes local styles exactly as the browser's own date methods do", () => {
    const iso = '2026-03-12T14:05:09.000Z';
    const date = new Date(iso);
    expect(formatLocalDate(iso, 'date')).toBe(date.toLocaleDateString(undefined, { dateStyle: 'medium' }));
    expect(formatLocalDate(iso, 'numericDate')).toBe(date.toLocaleDateString());
    expect(formatLocalDate(iso, 'stamp')).toBe(date.toLocaleString());
    expect(formatLocalDate(iso, 'time')).toBe(
      date.toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' }),
    );
    expect(formatLocalDate(iso, 'fullDateTime')).toBe(
      date.toLocaleString(undefined, { dateStyle: 'full', timeStyle: 'short' }),
    );
  });

  it("names a chat's days: today, yesterday, a weekday this week, then the date", () => {
    const now = new Date(2026, 2, 12, 15, 0);
    const at = (day: number, month = 2, year = 2026) => new Date(year, month, day, 9, 30).toISOString();
    expect(formatDayLabel(at(12), now)).toBe('Today');
    expect(formatDayLabel(at(11), now)).toBe('Yesterday');
    expect(formatDayLabel(at(9), now)).toBe(
      new Date(at(9)).toLocaleDateString([], { weekday: 'long', month: 'short', day: 'numeric' }),
    );
    expect(formatDayLabel(at(30, 11, 2025), now)).toBe(
      new Date(at(30, 11, 2025)).toLocaleDateString([], { month: 'short', day: 'numeric', year: 'numeric' }),
    );
  });

  it('turns instants into datetime-local values and back, in the local zone', () => {
    const local = instantToLocal('2026-03-12T14:05:00.000Z');
    expect(local).toMatch(/^2026-03-1[23]T\d\d:05$/);
    expect(localToInstant(local)?.toISOString()).toBe('2026-03-12T14:05:00.000Z');
    expect(localToInstant('')).toBeNull();
    expect(localToInstant('not a time')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { formatDateTime, formatLongDate, formatMoney, formatPrice, formatShortDate } from './format.ts';

describe('money and dates for people', () => {
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
});

import { describe, expect, it } from 'vitest';
import { formatMoney, formatPrice, formatShortDate, formatSigned } from './format.ts';

describe('money and dates', () => {
  it('shows balances with cents and prices without needless ones', () => {
    expect(formatMoney({ amount: 400, currency: 'USD' })).toBe('$4.00');
    expect(formatMoney({ amount: 123_456, currency: 'USD' })).toBe('$1,234.56');
    expect(formatPrice({ amount: 1000, currency: 'USD' })).toBe('$10');
    expect(formatPrice({ amount: 999, currency: 'USD' })).toBe('$9.99');
  });

  it('signs wallet lines and reads unknown dates as a dash', () => {
    expect(formatSigned({ amount: 400, currency: 'USD' })).toBe('+$4.00');
    expect(formatSigned({ amount: -250, currency: 'USD' })).toBe('−$2.50');
    expect(formatShortDate('2026-03-12T10:00:00.000Z')).toBe('12 Mar 2026');
    expect(formatShortDate('not a date')).toBe('—');
  });
});

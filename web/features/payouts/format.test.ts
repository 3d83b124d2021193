import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatRate, localAmountText, weekdayName } from './format.ts';

describe('payout amounts', () => {
  it('reads dollars as typed into whole cents, and nothing else', () => {
    expect(dollarsToCents('25')).toBe(2500);
    expect(dollarsToCents(' $25.5 ')).toBe(2550);
    expect(dollarsToCents('1,000.05')).toBe(100005);
    expect(dollarsToCents('')).toBeNull();
    expect(dollarsToCents('12.345')).toBeNull();
    expect(dollarsToCents('-3')).toBeNull();
    expect(dollarsToCents('ten')).toBeNull();
  });

  it('writes cents back for an input', () => {
    expect(centsToDollars(1200)).toBe('12');
    expect(centsToDollars(1250)).toBe('12.50');
    expect(centsToDollars(1205)).toBe('12.05');
  });

  it('writes the rate and the local amount in the local currency', () => {
    expect(formatRate('1550.25', 'NGN')).toBe('₦1,550.25');
    expect(localAmountText({ amount: 1_860_300, currency: 'NGN' }, '1550.25')).toBe(
      '₦18,603.00 at ₦1,550.25 per $1',
    );
    expect(weekdayName(1)).toBe('Monday');
    expect(weekdayName(7)).toBe('Sunday');
  });
});

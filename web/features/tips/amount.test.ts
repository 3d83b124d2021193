import { describe, expect, it } from 'vitest';
import { checkTipAmount, dollarsToCents, quickAmounts } from './amount.ts';

const limits = { minCents: 100, maxCents: 20_000 };

describe('tip amounts', () => {
  it('reads dollars as typed into whole cents', () => {
    expect(dollarsToCents('5')).toBe(500);
    expect(dollarsToCents('5.5')).toBe(550);
    expect(dollarsToCents(' $12.34 ')).toBe(1234);
    expect(dollarsToCents('1,000')).toBe(100_000);
    expect(dollarsToCents('5.')).toBe(500);
    for (const bad of ['', 'abc', '1.234', '-5', '5e2', '0x10']) expect(dollarsToCents(bad)).toBeNull();
  });

  it('answers with the server messages and limits', () => {
    expect(checkTipAmount('', limits)).toEqual({ error: 'Please enter an amount' });
    expect(checkTipAmount('1.234', limits)).toEqual({ error: 'Please enter an amount in dollars and cents' });
    expect(checkTipAmount('0.99', limits)).toEqual({ error: 'The smallest tip is $1' });
    expect(checkTipAmount('200.01', limits)).toEqual({ error: 'The largest tip is $200' });
    expect(checkTipAmount('1', limits)).toEqual({ cents: 100 });
    expect(checkTipAmount('200', limits)).toEqual({ cents: 20_000 });
    expect(checkTipAmount('3', { minCents: 250, maxCents: 1000 })).toEqual({ cents: 300 });
    expect(checkTipAmount('2', { minCents: 250, maxCents: 1000 })).toEqual({
      error: 'The smallest tip is $2.50',
    });
  });

  it('offers quick amounts within the limits only', () => {
    expect(quickAmounts(limits)).toEqual([500, 1000, 2000, 5000]);
    expect(quickAmounts({ minCents: 600, maxCents: 2500 })).toEqual([1000, 2000]);
  });
});

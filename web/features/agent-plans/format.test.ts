import { describe, expect, it } from 'vitest';
import { planPrice } from '#common/plans.ts';
import { formatDate, formatMoney } from './format.ts';

describe('pricing formats', () => {
  it('shows naira without kobo unless there are any', () => {
    expect(formatMoney(planPrice('starter', 'monthly'))).toBe('₦15,000');
    expect(formatMoney(planPrice('enterprise', 'yearly'))).toBe('₦400,000');
    expect(formatMoney({ amount: 5050, currency: 'NGN' })).toBe('₦50.50');
  });

  it('writes dates as day, month and year', () => {
    expect(formatDate('2026-12-05T10:00:00.000Z')).toBe('5 December 2026');
  });
});

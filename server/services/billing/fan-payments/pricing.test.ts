import { describe, expect, it } from 'vitest';
import { addDays } from '../../../lib/clock.ts';
import { presentPlanOptions } from '../../../presenters/billing/billing.ts';
import { planPriceCents, proRataRefund, splitCharge, splitRefund } from './pricing.ts';

describe('creator pricing', () => {
  it('prices the six-month plan at six months less 20%, labelled Save 20%', () => {
    expect(planPriceCents(1000, 'monthly')).toBe(1000);
    expect(planPriceCents(1000, 'six_months')).toBe(4800);
    expect(presentPlanOptions(999)).toEqual([
      expect.objectContaining({
        id: 'monthly',
        name: 'Monthly',
        price: { amount: 999, currency: 'USD' },
        badge: null,
      }),
      expect.objectContaining({
        id: 'six_months',
        name: '6 Months',
        months: 6,
        price: { amount: 4795, currency: 'USD' },
        badge: 'Save 20%',
      }),
    ]);
  });

  it('splits a charge into fee and earning that add up to the payment, whatever the rounding', () => {
    expect(splitCharge(999, 20)).toEqual({ fee: 200, earning: 799 });
    expect(splitCharge(4795, 20)).toEqual({ fee: 959, earning: 3836 });
    expect(splitCharge(1000, 0)).toEqual({ fee: 0, earning: 1000 });
    expect(splitCharge(1001, 12.5)).toEqual({ fee: 125, earning: 876 });
    for (let amount = 1; amount < 2000; amount += 7) {
      const { fee, earning } = splitCharge(amount, 20);
      expect(fee + earning).toBe(amount);
      const part = Math.floor(amount / 3);
      const back = splitRefund(part, { amount, fee });
      expect(back.fee + back.earning).toBe(part);
      expect(back.fee).toBeLessThanOrEqual(fee);
    }
  });

  it('refunds the unused part of a period, rounded down, never more than is left', () => {
    const start = new Date('2025-01-01T00:00:00Z');
    const end = addDays(start, 30);
    const payment = { amount: 1000, refunded: 0, periodStart: start, periodEnd: end };
    expect(proRataRefund(payment, start)).toBe(1000);
    expect(proRataRefund(payment, addDays(start, 10))).toBe(666);
    expect(proRataRefund(payment, addDays(start, 15))).toBe(500);
    expect(proRataRefund(payment, end)).toBe(0);
    expect(proRataRefund(payment, addDays(start, 40))).toBe(0);
    // A period paid ahead (not started yet) comes back whole.
    expect(proRataRefund(payment, addDays(start, -5))).toBe(1000);
    expect(proRataRefund({ ...payment, refunded: 900 }, addDays(start, 15))).toBe(100);
  });
});

import { describe, expect, it } from 'vitest';
import { formatCount } from '../features/creators/format.ts';
import {
  formatDateTime,
  formatLongDate,
  formatMoney,
  formatNumber,
  formatPrice,
  formatShortDate,
} from './format.ts';

// The formatters a first page uses write by hand what Intl writes (web/lib/format/numbers.ts says
// why): here each is compared with Intl itself, over the edges and a spread of values.

/** Edges of each group of digits, and values spread over every length up to the safe integers. */
function counts(): number[] {
  const values = [0, 1, 9, 10, 99, 100, 999, 1000, 1001, 1049, 1050, 1249, 1250, 1251, 9999, 99_949, 99_950];
  values.push(
    999_949,
    999_950,
    999_999,
    1_000_000,
    1_050_000,
    1_250_000,
    999_950_000,
    1e12,
    999_950_000_000_000,
  );
  let seed = 7;
  const random = () => {
    seed = (seed * 48_271) % 2_147_483_647;
    return seed / 2_147_483_647;
  };
  for (let i = 0; i < 3000; i += 1) values.push(Math.floor(10 ** (random() * 15.9)));
  return values;
}

describe('formatters written by hand', () => {
  it('groups digits exactly as Intl does, for positive and negative counts', () => {
    const intl = new Intl.NumberFormat('en-US');
    for (const value of counts()) {
      expect(formatNumber(value)).toBe(intl.format(value));
      if (value > 0) expect(formatNumber(-value)).toBe(intl.format(-value));
    }
    expect(formatNumber(1234.5)).toBe('1,234.5');
  });

  it('writes compact counts exactly as Intl does', () => {
    const intl = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
    for (const value of counts()) expect(formatCount(value)).toBe(intl.format(value));
    expect(formatCount(-1500)).toBe(intl.format(-1500));
  });

  it('writes dollars and naira exactly as Intl does, with cents and without', () => {
    const intl = (currency: string, cents: boolean) =>
      new Intl.NumberFormat(currency === 'NGN' ? 'en-NG' : 'en-US', {
        style: 'currency',
        currency,
        minimumFractionDigits: cents ? 2 : 0,
        maximumFractionDigits: 2,
      });
    for (const currency of ['USD', 'NGN']) {
      for (const value of counts().filter((count) => count < 1e14)) {
        for (const amount of value > 0 ? [value, -value] : [value]) {
          expect(formatMoney({ amount, currency })).toBe(intl(currency, true).format(amount / 100));
          expect(formatPrice({ amount, currency })).toBe(
            intl(currency, amount % 100 !== 0).format(amount / 100),
          );
        }
      }
    }
    expect(formatMoney({ amount: 1250, currency: 'EUR' })).toBe(intl('EUR', true).format(12.5));
  });

  it('writes British dates exactly as Intl does, in every month and hour', () => {
    const short = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
    const long = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
    const stamp = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
    for (let month = 0; month < 12; month += 1) {
      for (const [day, hour, minute] of [
        [1, 0, 0],
        [9, 9, 5],
        [28, 12, 30],
        [28, 23, 59],
      ] as const) {
        const date = new Date(2026, month, day, hour, minute);
        const iso = date.toISOString();
        expect(formatShortDate(iso)).toBe(short.format(date));
        expect(formatLongDate(iso)).toBe(long.format(date));
        expect(formatDateTime(iso)).toBe(stamp.format(date));
      }
    }
  });
});

import { describe, expect, it } from 'vitest';
import { bundlePrice, formatCents } from './format-price.ts';

describe('creator price display', () => {
  it('formats cents as US dollars', () => {
    expect(formatCents(999)).toBe('$9.99');
    expect(formatCents(10_000)).toBe('$100.00');
  });

  it('offers six months at 20% off the monthly price', () => {
    expect(bundlePrice('10')).toEqual({ monthly: '$10.00', sixMonths: '$48.00' });
    expect(bundlePrice('9.99')).toEqual({ monthly: '$9.99', sixMonths: '$47.95' });
    expect(bundlePrice('9.9.9')).toBeNull();
  });
});

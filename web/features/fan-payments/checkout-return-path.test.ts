import { describe, expect, it } from 'vitest';
import { checkoutReturnPath } from './checkout-return-path.ts';

describe('checkoutReturnPath', () => {
  it('comes back to the same page and query, without an earlier reference', () => {
    expect(checkoutReturnPath('/public-profile/lena', '')).toBe('/public-profile/lena');
    expect(checkoutReturnPath('/discover', '?q=lena&reference=abc&trxref=abc')).toBe('/discover?q=lena');
  });

  it('drops a query that would make the path too long', () => {
    expect(checkoutReturnPath('/discover', `?q=${'x'.repeat(600)}`)).toBe('/discover');
  });
});

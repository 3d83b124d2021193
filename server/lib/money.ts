/** '$9.99', or '9.99 EUR' in another currency: amounts in emails and on the provider's checkout. */
export function formatUsd(cents: number, currency = 'USD'): string {
  const value = (cents / 100).toFixed(2);
  return currency === 'USD' ? `$${value}` : `${value} ${currency}`;
}

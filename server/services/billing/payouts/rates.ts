import type { TransferCountry } from '../../../adapters/payments/transfers.ts';

/** The currency each country is paid in. */
export const payoutCurrencies: Record<TransferCountry, string> = {
  NG: 'NGN',
  GH: 'GHS',
  KE: 'KES',
  ZA: 'ZAR',
};

const MICROS = 1_000_000n;

/** '1550.25' (local units per USD) as an integer times 1,000,000; null when it is not such a number. */
export function parseRate(text: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,6}))?$/.exec(text.trim());
  if (!match) return null;
  const micros = BigInt(match[1] ?? '0') * MICROS + BigInt((match[2] ?? '').padEnd(6, '0'));
  return micros > 0n ? Number(micros) : null;
}

/**
 * USD cents in the local currency's minor units (every payout currency has two decimals), rounded
 * down: the creator never receives more than the USD that left their balance is worth.
 */
export function toLocalMinor(usdCents: number, rateMicros: number): number {
  return Number((BigInt(usdCents) * BigInt(rateMicros)) / MICROS);
}

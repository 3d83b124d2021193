import { type TipLimits, tipMessages } from '#common/tips.ts';

/** Dollars as typed ('5', '5.5', '$5.50', '1,000'), in whole cents; null when it is not an amount. */
export function dollarsToCents(typed: string): number | null {
  const value = typed.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d{1,9}(\.\d{0,2})?$/.test(value)) return null;
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** The amount in cents, or the server's own message for what is wrong with it. */
export function checkTipAmount(typed: string, limits: TipLimits): { cents: number } | { error: string } {
  if (typed.trim() === '') return { error: tipMessages.amountRequired };
  const cents = dollarsToCents(typed);
  if (cents === null) return { error: tipMessages.wholeCents };
  if (cents < limits.minCents) return { error: tipMessages.tooSmall(limits.minCents) };
  if (cents > limits.maxCents) return { error: tipMessages.tooLarge(limits.maxCents) };
  return { cents };
}

/** Quick amounts offered in the dialog: the usual ones that fall within the limits. */
export function quickAmounts(limits: TipLimits): number[] {
  return [500, 1000, 2000, 5000].filter((cents) => cents >= limits.minCents && cents <= limits.maxCents);
}

/** A new key for one tip: a double click or a retry with it is charged once. */
export function newTipKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

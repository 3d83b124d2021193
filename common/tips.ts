/**
 * Tips without zod (the web app's first page reads the limits and messages): a fan gives a creator
 * an amount of their choosing (USD cents, between the operator's limits) with an optional note.
 * Request schemas are in common/schemas/tips.ts.
 */

/** The limits when the operator sets none (TIP_MIN_CENTS, TIP_MAX_CENTS in server/config.ts). */
export const tipDefaults = { minCents: 100, maxCents: 20_000 } as const;

export const tipNoteMaxLength = 500;

/** New tip checkouts one fan may start per hour (a retry of the same tip does not count). */
export const tipCheckoutsPerHour = 30;

/** '$1', '$2.50', '$200': a limit as a person reads it. */
export function tipDollars(cents: number): string {
  const whole = cents % 100 === 0;
  return `$${whole ? String(cents / 100) : (cents / 100).toFixed(2)}`;
}

/** The wording users see. */
export const tipMessages = {
  amountRequired: 'Please enter an amount',
  wholeCents: 'Please enter an amount in dollars and cents',
  tooSmall: (minCents: number) => `The smallest tip is ${tipDollars(minCents)}`,
  tooLarge: (maxCents: number) => `The largest tip is ${tipDollars(maxCents)}`,
  noteTooLong: `A note can be at most ${tipNoteMaxLength} characters`,
  keyRequired: 'Please try again',
  yourself: 'You cannot tip yourself',
  blocked: 'You cannot tip this creator',
  notAccepting: 'This creator is not accepting tips',
  keyReused: 'This tip was already started with other details. Please try again.',
  alreadySent: 'This tip was already sent',
  notCompleted: 'This tip did not go through. Please start a new one.',
  sent: 'Tip sent',
  tooMany: 'You are starting tips too fast. Please wait a moment',
} as const;

/** The smallest and largest tip, in USD cents (GET /api/config `tips`). */
export interface TipLimits {
  minCents: number;
  maxCents: number;
}

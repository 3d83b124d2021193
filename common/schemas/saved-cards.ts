import { z } from 'zod';

/**
 * One-tap payments: the card a fan paid with last is kept (the provider's reusable authorization,
 * never shown) and offered for the next payment, confirmed in the app. Only its brand and last four
 * digits are ever sent to the browser.
 */

export const savedCardMessages = {
  noSavedCard: 'No card is saved. Pay on the checkout page instead.',
  forgotten: 'Card removed. Your next payment goes through the checkout page.',
  noneToForget: 'No card is saved.',
  openOnCheckout: 'This payment is open on the checkout page: finish it there, or start again.',
} as const;

export const savedCardSchema = z.object({
  brand: z.string(),
  last4: z.string(),
  /** When this card was first saved. */
  savedAt: z.string(),
});
export type SavedCard = z.infer<typeof savedCardSchema>;

/** GET /api/me/saved-card, and the answer of removing it (`card: null`). */
export const savedCardStateSchema = z.object({ card: savedCardSchema.nullable() });
export type SavedCardState = z.infer<typeof savedCardStateSchema>;

export {
  type ChargedResponse,
  chargedResponseSchema,
  type PaymentStarted,
  paymentStartedSchema,
} from './fan-payments.ts';

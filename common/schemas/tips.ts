import { z } from 'zod';
import { tipMessages, tipNoteMaxLength } from '../tips.ts';
import { payWithSchema, returnToSchema } from './fan-payments.ts';

export {
  type TipLimits,
  tipCheckoutsPerHour,
  tipDefaults,
  tipDollars,
  tipMessages,
  tipNoteMaxLength,
} from '../tips.ts';

/**
 * Tips: a fan gives a creator an amount of their choosing (USD cents, between the operator's limits)
 * with an optional note, through the same checkout as unlocks and subscriptions. The tip shows in
 * the conversation between them once the provider confirms the payment. Below the tip limits the
 * server answers `tipMessages.tooSmall(limit)`; checked there because the operator sets the limits.
 */

/**
 * POST /api/creators/:handle/tips. `amount` is whole USD cents; the server checks it against its
 * limits (GET /api/config `tips`). `idempotencyKey` is made once per tip by the client: a double
 * click or a retry with the same key answers the same checkout and is charged once.
 */
export const sendTipSchema = z.object({
  amount: z
    .number({ error: tipMessages.amountRequired })
    .int(tipMessages.wholeCents)
    .min(-Number.MAX_SAFE_INTEGER, tipMessages.wholeCents)
    .max(Number.MAX_SAFE_INTEGER, tipMessages.wholeCents),
  note: z.string().trim().max(tipNoteMaxLength, tipMessages.noteTooLong).optional(),
  idempotencyKey: z
    .string({ error: tipMessages.keyRequired })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, tipMessages.keyRequired),
  returnTo: returnToSchema.optional(),
  payWith: payWithSchema.optional(),
});
export type SendTipInput = z.input<typeof sendTipSchema>;

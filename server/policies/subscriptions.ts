import { subscriptionMessages } from '../../common/schemas/subscriptions.ts';
import { notFound } from '../errors.ts';
import type { PaymentRecord } from '../repositories/agent-plan-payments.repository.ts';
import type { UserRecord } from '../repositories/users.repository.ts';
import { requireVerified } from './account.ts';

/** Buying a plan needs a verified email (the receipt and the renewal notices go there). */
export function requireCanSubscribe(user: Pick<UserRecord, 'isEmailVerified'>): void {
  requireVerified(user);
}

/** A payment is verified only by the user who made it; anyone else learns nothing (404). */
export function canVerifyPayment(
  user: Pick<UserRecord, 'id'>,
  payment: PaymentRecord | null,
): asserts payment is PaymentRecord {
  if (!payment || payment.userId !== user.id) throw notFound(subscriptionMessages.paymentNotFound);
}

import type { PaymentStarted, SavedCardState } from '../../../common/schemas/saved-cards.ts';
import type { SavedCardRecord } from '../../repositories/billing/fan-payments/saved-cards.repository.ts';
import type { FanPaymentStarted } from '../../services/billing/fan-payments/checkout.service.ts';
import { presentCheckoutVerification, presentFanCheckout } from './billing.ts';

/** The saved card as its owner sees it: brand and last four digits, never the authorization. */
export function presentSavedCard(card: SavedCardRecord | null): SavedCardState {
  return {
    card: card ? { brand: card.brand, last4: card.last4, savedAt: card.createdAt.toISOString() } : null,
  };
}

/** A checkout page to go to, or what came of the one-tap charge. */
export function presentPaymentStarted(started: FanPaymentStarted): PaymentStarted {
  if ('checkout' in started) return presentFanCheckout(started.checkout);
  const { charged } = started;
  return {
    ...presentCheckoutVerification(charged),
    reference: charged.payment.reference,
    card: { brand: charged.card.brand, last4: charged.card.last4 },
  };
}

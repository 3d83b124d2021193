import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'react-router';
import type { CheckoutResponse, PaymentStarted, PayWith } from '#common/schemas/fan-payments.ts';
import { goToVerification, needsVerifiedEmail } from '../../lib/action-error.ts';
import { ApiError } from '../../lib/api-client.ts';
import { openAuthModal } from '../../lib/auth-modal.ts';
import type { Money } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { fanPaymentKeys } from './api/keys.ts';
import { getSavedCard } from './api/saved-card.ts';
import { refreshAfterPayment } from './api/verify-checkout.ts';
import { checkoutReturnPath } from './checkout-return-path.ts';
import { checkoutToasts } from './messages.ts';
import { askOneTap } from './one-tap.ts';

/**
 * A refusal the fan can act on (already subscribed, blocked, not for sale, an email to verify first,
 * a creator not shown in their region) is shown as the server says it.
 */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401) {
    return error.message;
  }
  return checkoutToasts.initializeFailed;
}

/** What a payment is for and costs: asked in the app when the fan has a saved card. */
export interface PaymentOffer {
  amount: Money;
  /** The question's title, e.g. 'Unlock this post'. */
  what: string;
}

/**
 * How a payment went: sent to the checkout page, paid (or still confirming) in one tap, declined,
 * not started (signed out, or the fan chose not now), or refused with a toast.
 */
export type PaymentOutcome = 'checkout' | 'paid' | 'pending' | 'declined' | 'cancelled' | 'error';

/** Opens the payment: a checkout page to go to, or (with `saved_card`) the outcome of the charge. */
export type OpenPayment = (returnTo: string, payWith: PayWith) => Promise<PaymentStarted | CheckoutResponse>;

/**
 * Starts a payment: signed out, a toast and the sign-in dialog. With a saved card and an `offer`,
 * the fan is asked in the app first and pays in one tap, or chooses another card; otherwise the
 * server opens a checkout and the browser goes to the provider's page, coming back to this page
 * afterwards. The button stays busy until the page leaves or the charge has answered.
 */
export function useStartCheckout(signInMessage: string) {
  const session = useSession();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [charging, setCharging] = useState(false);

  /** The saved card, asked for when a payment starts (never on page load). */
  async function savedCard() {
    const userId = session?.user.id ?? '';
    try {
      const state = await queryClient.fetchQuery({
        queryKey: fanPaymentKeys.savedCard(userId),
        queryFn: getSavedCard,
        staleTime: 60_000,
        // A click waits for nothing: without an answer, the checkout page takes any card.
        retry: false,
      });
      return state.card;
    } catch {
      // Unknown: the checkout page works with any card.
      return null;
    }
  }

  async function pay(open: OpenPayment, payWith: PayWith): Promise<PaymentOutcome> {
    setBusy(true);
    setCharging(payWith === 'saved_card');
    try {
      const answer = await open(checkoutReturnPath(location.pathname, location.search), payWith);
      if ('authorization_url' in answer) {
        window.location.assign(answer.authorization_url);
        return 'checkout';
      }
      setBusy(false);
      if (answer.status === 'succeeded') {
        await refreshAfterPayment(queryClient);
        toast.success(answer.message);
        return 'paid';
      }
      if (answer.status === 'pending') {
        toast.info(answer.message);
        return 'pending';
      }
      // Declined (or refused): nothing was taken; the checkout page takes another card.
      toast.error(answer.message, { label: 'Use another card', onClick: () => void pay(open, 'checkout') });
      return 'declined';
    } catch (error) {
      // Paying a creator needs a verified email: the toast leads to the verification page.
      if (needsVerifiedEmail(error))
        toast.error(failureMessage(error), { label: 'Verify email', onClick: goToVerification });
      else toast.error(failureMessage(error));
      setBusy(false);
      return 'error';
    }
  }

  async function start(open: OpenPayment, offer?: PaymentOffer): Promise<PaymentOutcome> {
    if (!session) {
      toast.error(signInMessage);
      openAuthModal('signin');
      return 'cancelled';
    }
    if (offer) {
      setBusy(true);
      const card = await savedCard();
      setBusy(false);
      if (card) {
        const choice = await askOneTap({ amount: offer.amount, card, what: offer.what });
        if (choice === null) return 'cancelled';
        return pay(open, choice === 'saved' ? 'saved_card' : 'checkout');
      }
    }
    return pay(open, 'checkout');
  }

  /** What a busy button says: paying in one tap, or opening the checkout page. */
  const busyText = charging ? 'Paying…' : 'Opening checkout…';
  return { start, busy, busyText, signedIn: session !== null };
}

import { useState } from 'react';
import { useLocation } from 'react-router';
import type { CheckoutResponse } from '#common/schemas/fan-payments.ts';
import { goToVerification, needsVerifiedEmail } from '../../lib/action-error.ts';
import { ApiError } from '../../lib/api-client.ts';
import { openAuthModal } from '../../lib/auth-modal.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { checkoutReturnPath } from './checkout-return-path.ts';
import { checkoutToasts } from './messages.ts';

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

/**
 * Starts a checkout: signed out, a toast and the sign-in dialog; otherwise the server opens a
 * checkout and the browser goes to the provider's page, coming back to this page afterwards.
 * The button stays busy until the page leaves.
 */
export function useStartCheckout(signInMessage: string) {
  const session = useSession();
  const location = useLocation();
  const [busy, setBusy] = useState(false);

  async function start(open: (returnTo: string) => Promise<CheckoutResponse>): Promise<void> {
    if (!session) {
      toast.error(signInMessage);
      openAuthModal('signin');
      return;
    }
    setBusy(true);
    try {
      const checkout = await open(checkoutReturnPath(location.pathname, location.search));
      window.location.assign(checkout.authorization_url);
    } catch (error) {
      // Paying a creator needs a verified email: the toast leads to the verification page.
      if (needsVerifiedEmail(error))
        toast.error(failureMessage(error), { label: 'Verify email', onClick: goToVerification });
      else toast.error(failureMessage(error));
      setBusy(false);
    }
  }

  return { start, busy, signedIn: session !== null };
}

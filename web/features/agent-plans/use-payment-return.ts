import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { useVerifyPayment } from './api/verify-payment.ts';
import { pricingToasts } from './messages.ts';

/**
 * Back from checkout at `/pricing?reference=...` (Paystack also adds `trxref`): the server verifies
 * with the provider, the user is told, the parameters leave the address bar, and the plan is refetched.
 */
export function usePaymentReturn(): { verifying: boolean } {
  const [searchParams, setSearchParams] = useSearchParams();
  const session = useSession();
  const verify = useVerifyPayment();
  const handled = useRef<string | null>(null);
  const reference = searchParams.get('reference') ?? searchParams.get('trxref');

  useEffect(() => {
    if (!reference || !session || handled.current === reference) return;
    handled.current = reference;
    verify
      .mutateAsync(reference)
      .then((result) => {
        if (result.status === 'succeeded') toast.success(pricingToasts.verified);
        else if (result.status === 'abandoned' || result.status === 'pending') toast.info(result.message);
        // Declined or refused: the server's words say what happened and that nothing was taken.
        else toast.error(result.message);
      })
      .catch(() => toast.error(pricingToasts.verifyFailed))
      .finally(() => {
        setSearchParams(
          (params) => {
            params.delete('reference');
            params.delete('trxref');
            return params;
          },
          { replace: true },
        );
      });
  }, [reference, session, verify, setSearchParams]);

  return { verifying: verify.isPending };
}

import { LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { routes } from '#common/routes.ts';
import type { VerifyCheckoutResponse } from '#common/schemas/fan-payments.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { useVerifyCheckout } from '../api/verify-checkout.ts';
import { CHECKOUT_PARAMS } from '../checkout-return-path.ts';
import { checkoutToasts } from '../messages.ts';

/** A payment the provider still calls pending is asked about again, this often, before saying so. */
const PENDING_RETRIES = 4;
const RETRY_DELAY_MS = 1500;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function announce(result: VerifyCheckoutResponse): void {
  if (result.status === 'succeeded') toast.success(result.message);
  else if (result.status === 'abandoned' || result.status === 'pending') toast.info(result.message);
  else toast.error(result.message);
}

/**
 * Back from a fan checkout on whatever page it started (a profile, Discover, a feed): the address
 * carries `?reference=`. The server verifies with the provider; on success every post list and money
 * screen is refetched, so the unlocked media shows without a reload. The pricing page handles its
 * own agent-plan references.
 */
export function CheckoutReturn() {
  const { pathname } = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const session = useSession();
  const verify = useVerifyCheckout();
  const handled = useRef<string | null>(null);
  const [checking, setChecking] = useState(false);
  const reference = searchParams.get('reference') ?? searchParams.get('trxref');
  const applies = pathname !== routes.pricing && reference !== null && session !== null;

  useEffect(() => {
    if (!applies || !reference || handled.current === reference) return;
    handled.current = reference;
    setChecking(true);
    void (async () => {
      try {
        let result = await verify.mutateAsync(reference);
        for (let attempt = 0; result.status === 'pending' && attempt < PENDING_RETRIES; attempt += 1) {
          await wait(RETRY_DELAY_MS);
          result = await verify.mutateAsync(reference);
        }
        announce(result);
      } catch (error) {
        const known = error instanceof ApiError && error.status >= 400 && error.status < 500;
        toast.error(known ? error.message : checkoutToasts.verifyFailed);
      } finally {
        setChecking(false);
        setSearchParams(
          (params) => {
            for (const name of CHECKOUT_PARAMS) params.delete(name);
            return params;
          },
          { replace: true, preventScrollReset: true },
        );
      }
    })();
  }, [applies, reference, verify, setSearchParams]);

  if (!checking) return null;
  return (
    <div
      role="status"
      className="fixed bottom-24 left-1/2 z-40 flex -translate-x-1/2 items-center gap-2 rounded-full border border-border bg-background px-4 py-2 text-sm shadow-lg md:bottom-6"
    >
      <LoaderCircle aria-hidden="true" className="size-4 text-primary motion-safe:animate-spin" />
      Confirming your payment…
    </div>
  );
}

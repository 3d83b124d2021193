import { LoaderCircle, Lock } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { trackButtonClick } from '../../../lib/analytics.ts';
import { useUnlockPost } from '../api/unlock-post.ts';
import { formatPrice } from '../format.ts';
import { checkoutToasts } from '../messages.ts';
import { useStartCheckout } from '../use-start-checkout.ts';

interface UnlockCheckoutButtonProps {
  postId: string;
  price: { amount: number; currency: string };
  /** Signed out, the sign-in dialog replaces the unlock dialog. */
  onSignInNeeded?: () => void;
}

/** Pays for one pay-per-view post on the provider's checkout; back on this page, the original shows. */
export function UnlockCheckoutButton({ postId, price, onSignInNeeded }: UnlockCheckoutButtonProps) {
  const unlock = useUnlockPost(postId);
  const checkout = useStartCheckout(checkoutToasts.signInToUnlock);
  return (
    <Button
      disabled={checkout.busy}
      aria-busy={checkout.busy || undefined}
      onClick={() => {
        trackButtonClick('unlock_post_checkout');
        if (!checkout.signedIn) onSignInNeeded?.();
        void checkout.start((returnTo) => unlock.mutateAsync({ returnTo }));
      }}
    >
      {checkout.busy ? (
        <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
      ) : (
        <Lock aria-hidden="true" />
      )}
      {checkout.busy ? 'Opening checkout…' : `Pay ${formatPrice(price)}`}
    </Button>
  );
}

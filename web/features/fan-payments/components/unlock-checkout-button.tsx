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
  /** Paid in one tap (or still confirming): the post shows unlocked where it is. */
  onPaid?: () => void;
}

/**
 * Pays for one pay-per-view post: in one tap with the saved card, or on the provider's checkout;
 * either way the original shows on this page once paid.
 */
export function UnlockCheckoutButton({ postId, price, onSignInNeeded, onPaid }: UnlockCheckoutButtonProps) {
  const unlock = useUnlockPost(postId);
  const checkout = useStartCheckout(checkoutToasts.signInToUnlock);
  return (
    <Button
      disabled={checkout.busy}
      aria-busy={checkout.busy || undefined}
      onClick={() => {
        trackButtonClick('unlock_post_checkout');
        if (!checkout.signedIn) onSignInNeeded?.();
        void checkout
          .start((returnTo, payWith) => unlock.mutateAsync({ returnTo, payWith }), {
            amount: price,
            what: 'Unlock this post',
          })
          .then((outcome) => (outcome === 'paid' || outcome === 'pending' ? onPaid?.() : undefined));
      }}
    >
      {checkout.busy ? (
        <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
      ) : (
        <Lock aria-hidden="true" />
      )}
      {checkout.busy ? checkout.busyText : `Pay ${formatPrice(price)}`}
    </Button>
  );
}

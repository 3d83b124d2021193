import { Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { formatPrice } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import {
  LazySelectPlanDialog,
  UnlockCheckoutButton,
  useCreatorSubscription,
  useLinkOfferTerms,
} from '../../fan-payments/index.ts';
import { closeWith, type PostDialogProps, returnFocus } from './dialog-props.ts';

/**
 * What unlocking costs: a single post is paid for on the provider's checkout (it stays unlocked for
 * good); a subscribers' post leads to the creator's plans, in the same Select plan dialog as the
 * profile's Subscribe Now (wherever the post is shown, its own creator's page included), with the
 * page's offer link applied as there (a promotion's first period, a trial's free days).
 */
export function UnlockDialog({ post, onClose, returnFocusTo }: PostDialogProps) {
  const name = post.creator.displayName;
  const price = post.visibility === 'pay_per_view' ? post.price : null;
  const session = useSession();
  const [choosingPlan, setChoosingPlan] = useState(false);
  // Asked as the dialog opens, so the plans are there by the time Subscribe is pressed.
  const state = useCreatorSubscription(post.creator.handle, session?.user.id ?? null, price === null);
  const refusal = session && state.data && !state.data.canSubscribe ? state.data.reason : null;
  const { promotion, trial } = useLinkOfferTerms(post.creator.handle);

  if (choosingPlan) {
    return (
      <Suspense fallback={null}>
        <LazySelectPlanDialog
          open
          onOpenChange={(open) => {
            if (!open) onClose();
          }}
          handle={post.creator.handle}
          displayName={name}
          plans={state.data?.plans ?? []}
          promotion={promotion}
          trial={trial}
        />
      </Suspense>
    );
  }

  return (
    <Dialog open onOpenChange={closeWith(onClose)}>
      <DialogContent onCloseAutoFocus={returnFocus(returnFocusTo)}>
        <DialogTitle>{price ? `Unlock for ${formatPrice(price)}` : `Subscribe to ${name}`}</DialogTitle>
        <DialogDescription>
          {price
            ? `${name} offers this post for a one-time ${formatPrice(price)}. Once bought, it stays unlocked for you.`
            : `This post is for ${name}'s subscribers. A subscription unlocks it and everything else they share.`}
        </DialogDescription>
        {refusal ? <p className="text-sm text-muted-foreground">{refusal}</p> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Not now
          </Button>
          {price ? (
            <UnlockCheckoutButton postId={post.id} price={price} onSignInNeeded={onClose} onPaid={onClose} />
          ) : (
            <Button disabled={refusal !== null} onClick={() => setChoosingPlan(true)}>
              Subscribe to {name}
            </Button>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

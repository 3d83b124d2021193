import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { UnlockCheckoutButton } from '../../monetization/components/unlock-checkout-button.tsx';
import { formatPrice } from '../format.ts';
import { closeWith, type PostDialogProps, returnFocus } from './dialog-props.ts';

/**
 * What unlocking costs: a single post is paid for on the provider's checkout (it stays unlocked for
 * good); a subscribers' post leads to the creator's plans.
 */
export function UnlockDialog({ post, onClose, returnFocusTo }: PostDialogProps) {
  const name = post.creator.displayName;
  const price = post.visibility === 'pay_per_view' ? post.price : null;
  const profilePath = pathTo('publicProfile', { id: post.creator.handle });
  return (
    <Dialog open onOpenChange={closeWith(onClose)}>
      <DialogContent onCloseAutoFocus={returnFocus(returnFocusTo)}>
        <DialogTitle>{price ? `Unlock for ${formatPrice(price)}` : `Subscribe to ${name}`}</DialogTitle>
        <DialogDescription>
          {price
            ? `${name} offers this post for a one-time ${formatPrice(price)}. Once bought, it stays unlocked for you.`
            : `This post is for ${name}'s subscribers. A subscription unlocks it and everything else they share.`}
        </DialogDescription>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Not now
          </Button>
          {price ? (
            <UnlockCheckoutButton postId={post.id} price={price} onSignInNeeded={onClose} />
          ) : (
            <Button asChild>
              <Link to={profilePath} onClick={onClose}>
                Subscribe to {name}
              </Link>
            </Button>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

import type { BlockedUser } from '#common/schemas/safety.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { formatLongDate } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { personLabel } from '../../../lib/user-display.ts';
import { useMyCreator } from '../../creators/index.ts';
import { useRemoveBlockedUser } from '../api/remove-blocked-user.ts';
import { useUnblockUser } from '../api/unblock-user.ts';

export type BlockedUserAction = 'unblock' | 'profile' | 'remove';

export interface BlockedUserDialogState {
  action: BlockedUserAction;
  user: BlockedUser;
  /** The row's menu button: focus goes back there when the dialog closes. */
  returnFocusTo: HTMLElement | null;
}

interface DialogProps {
  user: BlockedUser;
  onClose: () => void;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : 'Request failed');

function UnblockBody({ user, onClose }: DialogProps) {
  const unblock = useUnblockUser();
  async function confirm() {
    try {
      toast.success(await unblock.mutateAsync(user.id));
      onClose();
    } catch (error) {
      toast.error(errorText(error));
    }
  }
  return (
    <>
      <DialogTitle>Unblock {personLabel(user)}?</DialogTitle>
      <DialogDescription>
        They will be able to see your page and posts, follow you, subscribe and message you again, and what
        either of you bought from the other shows again. Follows and subscriptions the block ended do not come
        back by themselves.
      </DialogDescription>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button
          disabled={unblock.isPending}
          aria-busy={unblock.isPending || undefined}
          onClick={() => void confirm()}
        >
          {unblock.isPending ? 'Unblocking…' : 'Unblock'}
        </Button>
      </div>
    </>
  );
}

function RemoveBody({ user, onClose }: DialogProps) {
  const remove = useRemoveBlockedUser();
  const me = useMyCreator(useSession()?.user.id);
  const isCreator = me.data?.creator != null;
  async function confirm() {
    try {
      toast.success(await remove.mutateAsync(user.id));
      onClose();
    } catch (error) {
      toast.error(errorText(error));
    }
  }
  return (
    <>
      <DialogTitle>Delete {personLabel(user)}?</DialogTitle>
      <DialogDescription asChild>
        <div className="grid gap-2">
          <p>This removes them from your account:</p>
          <ul className="list-disc space-y-1 pl-5">
            {/* Followers and subscribers are a creator's only: a fan is told only what applies. */}
            {isCreator ? (
              <>
                <li>they are removed from your followers;</li>
                <li>
                  their subscription to you ends now, and the unused part of what they paid is refunded to
                  them;
                </li>
              </>
            ) : null}
            <li>your conversation with them is hidden from your messages (their own copy stays theirs).</li>
          </ul>
          <p>They stay blocked. This cannot be undone.</p>
        </div>
      </DialogDescription>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button
          variant="destructive"
          disabled={remove.isPending}
          aria-busy={remove.isPending || undefined}
          onClick={() => void confirm()}
        >
          {remove.isPending ? 'Deleting…' : 'Delete User'}
        </Button>
      </div>
    </>
  );
}

/**
 * A blocked person's page is hidden from you as long as the block holds (decision 0011), so View
 * Profile shows what the account knows of them here instead of a page that would answer 'not found'.
 */
function ProfileBody({ user, onClose, onUnblock }: DialogProps & { onUnblock: () => void }) {
  return (
    <>
      <DialogTitle>{user.name}</DialogTitle>
      <DialogDescription>
        While they are blocked, neither of you can see the other's page or posts.
      </DialogDescription>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted-foreground">Creator page</dt>
        <dd>{user.handle ? `@${user.handle}` : 'Not a creator'}</dd>
        <dt className="text-muted-foreground">Status</dt>
        <dd>{user.status}</dd>
        <dt className="text-muted-foreground">Blocked on</dt>
        <dd>{formatLongDate(user.blockedDate)}</dd>
      </dl>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
        <Button onClick={onUnblock}>Unblock</Button>
      </div>
    </>
  );
}

interface BlockedUserDialogsProps {
  dialog: BlockedUserDialogState | null;
  onClose: () => void;
  onSwitch: (next: BlockedUserDialogState) => void;
}

/** The row menu's dialogs; one at a time, and focus goes back to the row's menu button. */
export function BlockedUserDialogs({ dialog, onClose, onSwitch }: BlockedUserDialogsProps) {
  if (!dialog) return null;
  const { action, user, returnFocusTo } = dialog;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        key={action}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (returnFocusTo?.isConnected) returnFocusTo.focus();
        }}
      >
        {action === 'unblock' ? <UnblockBody user={user} onClose={onClose} /> : null}
        {action === 'remove' ? <RemoveBody user={user} onClose={onClose} /> : null}
        {action === 'profile' ? (
          <ProfileBody
            user={user}
            onClose={onClose}
            onUnblock={() => onSwitch({ ...dialog, action: 'unblock' })}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

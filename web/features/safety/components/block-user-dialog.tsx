import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../lib/toast.ts';
import { useBlockUser } from '../api/block-user.ts';

export interface BlockUserDialogProps {
  /** The account to block (a user id, not a creator profile id) and how to name it. */
  user: { id: string; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the block: e.g. leave a page that the block now hides. */
  onBlocked?: () => void;
}

/**
 * Confirms a block, then blocks: both sides stop seeing each other, following, subscribing and
 * messaging, and what either bought from the other is not shown while the block lasts (decision 0011).
 */
export function BlockUserDialog({ user, open, onOpenChange, onBlocked }: BlockUserDialogProps) {
  const block = useBlockUser();

  // Awaited rather than mutate callbacks: the block can hide the page this dialog sits on, and
  // callbacks of an unmounted mutation observer never run.
  async function confirm(): Promise<void> {
    try {
      const message = await block.mutateAsync(user.id);
      toast.success(message);
      onOpenChange(false);
      onBlocked?.();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Could not block this user');
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !block.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogTitle>Block {user.name}?</DialogTitle>
        <DialogDescription>
          You will no longer see each other's profiles, posts or messages, including posts and messages either
          of you bought from the other: the purchases stay in your transaction history and show again if you
          unblock. They stop following you and any subscription between you stops renewing. You can unblock
          them in Settings, under Privacy &amp; Safety.
        </DialogDescription>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={block.isPending}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={() => void confirm()} disabled={block.isPending}>
            {block.isPending ? 'Blocking…' : 'Block'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

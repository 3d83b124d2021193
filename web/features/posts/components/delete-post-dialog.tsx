import { postMessages } from '#common/schemas/posts.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../lib/toast.ts';
import { useDeletePost } from '../api/delete-post.ts';
import { closeWith, type PostDialogProps, returnFocus } from './dialog-props.ts';

/** Deleting cannot be undone, so it is asked once more; Cancel has the focus first. */
export function DeletePostDialog({ post, onClose, returnFocusTo }: PostDialogProps) {
  const remove = useDeletePost();

  // Awaited rather than mutate callbacks: the card (and this dialog) leaves the list on success,
  // and callbacks of an unmounted mutation observer never run.
  async function confirm() {
    try {
      await remove.mutateAsync(post.id);
      toast.success(postMessages.deleted);
      onClose();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Request failed');
    }
  }

  return (
    <Dialog open onOpenChange={closeWith(onClose)}>
      <DialogContent onCloseAutoFocus={returnFocus(returnFocusTo)}>
        <DialogTitle>Delete this post?</DialogTitle>
        <DialogDescription>
          {post.isOwner
            ? 'The post and its photo or video are removed for everyone. This cannot be undone.'
            : `You are deleting a post by @${post.creator.handle} as an admin. This cannot be undone.`}
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
            {remove.isPending ? 'Deleting…' : 'Delete post'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

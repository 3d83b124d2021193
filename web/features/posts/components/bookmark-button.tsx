import { Bookmark } from 'lucide-react';
import type { PostView } from '#common/schemas/posts.ts';
import { Button } from '../../../components/ui/button.tsx';
import { showActionError } from '../../../lib/action-error.ts';
import { openAuthModal } from '../../../lib/auth-modal.ts';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { cn } from '../../../lib/utils.ts';
import { useBookmarkPost } from '../api/bookmarks.ts';

/**
 * Save a post for later (the Bookmarks page); signed out, it asks to sign in. The pressed state
 * (read out on the focused button) and a toast say what changed.
 */
export function BookmarkButton({ post }: { post: PostView }) {
  const session = useSession();
  const bookmark = useBookmarkPost();

  return (
    <Button
      variant="ghost"
      size="icon-sm"
      className="rounded-full"
      aria-pressed={post.bookmarked}
      aria-label={post.bookmarked ? 'Saved to bookmarks' : 'Save to bookmarks'}
      aria-disabled={bookmark.isPending || undefined}
      onClick={() => {
        if (bookmark.isPending) return;
        if (!session) {
          toast.error('Please sign in to save posts');
          return openAuthModal('signin');
        }
        bookmark.mutate(
          { postId: post.id, save: !post.bookmarked },
          {
            onSuccess: (state) =>
              toast.success(state.bookmarked ? 'Saved to bookmarks' : 'Removed from bookmarks'),
            onError: (error) => showActionError(error, 'Could not save this post'),
          },
        );
      }}
    >
      <Bookmark aria-hidden="true" className={cn(post.bookmarked && 'fill-current')} />
    </Button>
  );
}

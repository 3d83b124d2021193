import { Heart } from 'lucide-react';
import { useState } from 'react';
import type { PostView } from '#common/schemas/posts.ts';
import { Button } from '../../../components/ui/button.tsx';
import { showActionError } from '../../../lib/action-error.ts';
import { trackButtonClick } from '../../../lib/analytics.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { openAuthModal } from '../../../lib/auth-modal.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { cn } from '../../../lib/utils.ts';
import { useLikePost } from '../api/like-post.ts';
import { likesLabel } from '../format.ts';

export const LIKE_SIGN_IN = 'Please sign in to like posts';

function askToSignIn(): void {
  toast.error(LIKE_SIGN_IN);
  openAuthModal('signin');
}

/**
 * The heart and its count. The count comes from the server's answer (every card of the post updates
 * from the cache); a polite status line tells screen readers what changed.
 */
export function LikeButton({ post }: { post: PostView }) {
  const session = useSession();
  const like = useLikePost();
  const [announcement, setAnnouncement] = useState('');

  function toggle() {
    // aria-disabled rather than disabled, so keyboard focus stays on the button while it waits.
    if (like.isPending) return;
    trackButtonClick(post.liked ? 'unlike_post' : 'like_post');
    if (!session) return askToSignIn();
    like.mutate(
      { postId: post.id, like: !post.liked },
      {
        onSuccess: (state) =>
          setAnnouncement(`${state.liked ? 'Liked' : 'Like removed'}, ${likesLabel(state.likes)}`),
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401) askToSignIn();
          else showActionError(error, 'Could not like this post');
        },
      },
    );
  }

  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="gap-1.5 rounded-full px-3"
        aria-pressed={post.liked}
        aria-label={`Like, ${likesLabel(post.likes)}`}
        aria-disabled={like.isPending || undefined}
        onClick={toggle}
      >
        <Heart aria-hidden="true" className={cn(post.liked && 'fill-rose-500 text-rose-500')} />
        <span aria-hidden="true">{formatNumber(post.likes)}</span>
      </Button>
      <span role="status" className="sr-only">
        {announcement}
      </span>
    </>
  );
}

import type { PostView } from '#common/schemas/posts.ts';
import { Button } from '../../../components/ui/button.tsx';
import { showActionError } from '../../../lib/action-error.ts';
import { trackButtonClick } from '../../../lib/analytics.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { openAuthModal } from '../../../lib/auth-modal.ts';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { useFollowFromPost } from '../api/follow-creator.ts';

export const FOLLOW_SIGN_IN = 'Please sign in to follow creators';

function askToSignIn(): void {
  toast.error(FOLLOW_SIGN_IN);
  openAuthModal('signin');
}

interface PostFollowButtonProps {
  creator: PostView['creator'];
  /** What to assume when the post does not say (Home's feed holds only followed creators). */
  followingHint: boolean;
}

export function PostFollowButton({ creator, followingHint }: PostFollowButtonProps) {
  const session = useSession();
  const follow = useFollowFromPost();
  const following = creator.isFollowing ?? followingHint;
  const label = following ? 'Unfollow' : 'Follow';

  function toggle() {
    if (follow.isPending) return;
    trackButtonClick(following ? 'unfollow_creator' : 'follow_creator');
    if (!session) return askToSignIn();
    follow.mutate(
      { handle: creator.handle, follow: !following },
      {
        onSuccess: (state) =>
          toast.success(
            state.following
              ? `You are now following ${creator.displayName}`
              : `You unfollowed ${creator.displayName}`,
          ),
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401) askToSignIn();
          else showActionError(error, 'Could not follow this creator');
        },
      },
    );
  }

  return (
    <Button
      size="sm"
      variant={following ? 'secondary' : 'default'}
      className="h-8 rounded-full px-3"
      aria-label={`${label} ${creator.displayName}`}
      aria-disabled={follow.isPending || undefined}
      onClick={toggle}
    >
      {label}
    </Button>
  );
}

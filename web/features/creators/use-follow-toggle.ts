import { showActionError } from '../../lib/action-error.ts';
import { trackButtonClick } from '../../lib/analytics.ts';
import { ApiError } from '../../lib/api-client.ts';
import { openAuthModal } from '../../lib/auth-modal.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { useFollowCreator } from './api/follow-creator.ts';

export const FOLLOW_SIGN_IN = 'Please sign in to follow creators';

function askToSignIn(): void {
  toast.error(FOLLOW_SIGN_IN);
  openAuthModal('signin');
}

/**
 * Follow or unfollow one creator. Signed out (or signed out by a 401 on the way) it opens the sign-in
 * dialog, as choosing a pricing plan does; a refusal (403) shows the server's reason.
 */
export function useFollowToggle(creator: { handle: string; displayName: string }) {
  const session = useSession();
  const mutation = useFollowCreator();

  function toggle(isFollowing: boolean): void {
    trackButtonClick(isFollowing ? 'unfollow_creator' : 'follow_creator');
    if (!session) {
      askToSignIn();
      return;
    }
    mutation.mutate(
      { handle: creator.handle, follow: !isFollowing },
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

  return { toggle, pending: mutation.isPending, result: mutation.data };
}

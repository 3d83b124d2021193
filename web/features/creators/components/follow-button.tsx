import { UserCheck, UserPlus } from 'lucide-react';
import type { CreatorProfile } from '#common/schemas/creators.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useFollowToggle } from '../use-follow-toggle.ts';

/** Follow / Unfollow on a creator's page; the follower count beside it comes from the server's answer. */
export function FollowButton({ profile }: { profile: CreatorProfile }) {
  const { toggle, pending } = useFollowToggle(profile);
  const following = profile.viewer.isFollowing;
  return (
    <Button
      variant={following ? 'outline' : 'default'}
      disabled={pending}
      aria-busy={pending || undefined}
      onClick={() => toggle(following)}
    >
      {following ? <UserCheck aria-hidden="true" /> : <UserPlus aria-hidden="true" />}
      {following ? 'Unfollow' : 'Follow'}
    </Button>
  );
}

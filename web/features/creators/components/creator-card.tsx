import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import type { CreatorSummary } from '#common/schemas/creators.ts';
import { Avatar, AvatarFallback, AvatarImage } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { trackButtonClick } from '../../../lib/analytics.ts';
import { openAuthModal } from '../../../lib/auth-modal.ts';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { useFollowCreator } from '../api/follow-creator.ts';

const initialOf = (name: string) => name.trim().charAt(0).toUpperCase() || '?';

/** The whole card opens the creator's public profile; Follow sits above that link. */
export function CreatorCard({ creator }: { creator: CreatorSummary }) {
  const session = useSession();
  const follow = useFollowCreator();

  function onFollow() {
    trackButtonClick('follow_creator');
    if (!session) {
      toast.error('Please sign in to follow creators');
      openAuthModal('signin');
      return;
    }
    follow.mutate(creator.handle, {
      onSuccess: () => toast.success(`You are now following ${creator.displayName}`),
      onError: (error) => toast.error(error.message),
    });
  }

  return (
    <div className="relative flex items-center gap-3 rounded-xl border border-border bg-card p-3 transition-colors focus-within:ring-2 focus-within:ring-ring hover:bg-accent/50">
      <Avatar className="size-11">
        {creator.avatarUrl ? <AvatarImage src={creator.avatarUrl} alt="" /> : null}
        <AvatarFallback>{initialOf(creator.displayName)}</AvatarFallback>
      </Avatar>
      <div className="min-w-0 flex-1">
        <Link
          to={pathTo('publicProfile', { id: creator.id })}
          className="block truncate text-sm font-semibold outline-none after:absolute after:inset-0 after:rounded-xl"
        >
          {creator.displayName}
        </Link>
        <p className="truncate text-xs text-muted-foreground">@{creator.handle.replace(/^@/, '')}</p>
      </div>
      <Button
        size="sm"
        variant={creator.isFollowing ? 'secondary' : 'default'}
        className="relative z-10 h-8 rounded-full px-3"
        disabled={creator.isFollowing || follow.isPending}
        onClick={onFollow}
        aria-label={`${creator.isFollowing ? 'Following' : 'Follow'} ${creator.displayName}`}
      >
        {creator.isFollowing ? 'Following' : 'Follow'}
      </Button>
    </div>
  );
}

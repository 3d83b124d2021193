import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import type { CreatorSummary } from '#common/schemas/creators.ts';
import { Avatar, AvatarFallback, AvatarImage } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { creatorInitials } from '../format.ts';
import { useFollowToggle } from '../use-follow-toggle.ts';

/** The whole card opens the creator's public profile; Follow sits above that link. */
export function CreatorCard({ creator }: { creator: CreatorSummary }) {
  const { toggle, pending, result } = useFollowToggle(creator);
  // The server's answer wins until the list refetches (a followed creator then leaves the suggestions).
  const following = result?.following ?? creator.isFollowing ?? false;
  const label = following ? 'Unfollow' : 'Follow';

  return (
    <div className="relative flex items-center gap-3 rounded-xl border border-border bg-card p-3 transition-colors focus-within:ring-2 focus-within:ring-ring hover:bg-accent/50">
      <Avatar className="size-11">
        {creator.avatarUrl ? <AvatarImage src={creator.avatarUrl} alt="" /> : null}
        <AvatarFallback>{creatorInitials(creator.displayName)}</AvatarFallback>
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
        variant={following ? 'secondary' : 'default'}
        className="relative z-10 h-8 rounded-full px-3"
        disabled={pending}
        aria-busy={pending || undefined}
        onClick={() => toggle(following)}
        aria-label={`${label} ${creator.displayName}`}
      >
        {label}
      </Button>
    </div>
  );
}

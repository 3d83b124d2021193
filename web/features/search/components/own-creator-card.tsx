import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import type { CreatorSummary } from '#common/schemas/creators.ts';
import { Avatar, AvatarFallback, AvatarImage } from '../../../components/ui/avatar.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { creatorInitials } from '../../creators/index.ts';

/** The viewer's own creator page among the results: the same card, marked 'You' instead of Follow. */
export function OwnCreatorCard({ creator }: { creator: CreatorSummary }) {
  return (
    <div className="relative flex items-center gap-3 rounded-xl border border-border bg-card p-3 transition-colors focus-within:ring-2 focus-within:ring-ring hover:bg-accent/50">
      <Avatar className="size-11">
        {creator.avatarUrl ? <AvatarImage src={creator.avatarUrl} alt="" /> : null}
        <AvatarFallback>{creatorInitials(creator.displayName)}</AvatarFallback>
      </Avatar>
      <div className="min-w-0 flex-1">
        <Link
          to={pathTo('publicProfile', { id: creator.handle })}
          className="block truncate text-sm font-semibold outline-none after:absolute after:inset-0 after:rounded-xl"
        >
          {creator.displayName}
        </Link>
        <p className="truncate text-xs text-muted-foreground">@{creator.handle}</p>
      </div>
      <Badge variant="secondary">You</Badge>
    </div>
  );
}

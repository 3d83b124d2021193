import { Pin } from 'lucide-react';
import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import type { PostView } from '#common/schemas/posts.ts';
import { Avatar, AvatarFallback, AvatarImage } from '../../../components/ui/avatar.tsx';
import { formatDateTime, relativeTimeLabel } from '../../../lib/format.ts';
import { initials } from '../format.ts';

/** Avatar, name and @handle (one link to the creator's page), when it was posted, and "Pinned" on a profile. */
export function PostCardHeader({
  post,
  titleId,
  showPinned = false,
}: {
  post: PostView;
  titleId: string;
  showPinned?: boolean;
}) {
  const { creator } = post;
  const profilePath = pathTo('publicProfile', { id: creator.handle });
  return (
    <div className="flex min-w-0 flex-1 items-center gap-3">
      {/* The same destination as the name: one stop for keyboards, a bigger target for pointers. */}
      <Link to={profilePath} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <Avatar className="size-10">
          {creator.avatarUrl ? <AvatarImage src={creator.avatarUrl} alt="" /> : null}
          <AvatarFallback>{initials(creator.displayName)}</AvatarFallback>
        </Avatar>
      </Link>
      <div className="min-w-0">
        <Link
          to={profilePath}
          id={titleId}
          className="flex min-w-0 flex-wrap items-baseline gap-x-1.5 rounded-sm hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <span className="truncate font-semibold">{creator.displayName}</span>
          <span className="truncate text-sm text-muted-foreground">@{creator.handle}</span>
        </Link>
        <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <time dateTime={post.createdAt} title={formatDateTime(post.createdAt)}>
            {relativeTimeLabel(post.createdAt)}
          </time>
          {showPinned && post.pinned ? (
            <>
              <span aria-hidden="true">·</span>
              <span className="inline-flex items-center gap-0.5 font-medium text-foreground">
                <Pin aria-hidden="true" className="size-3" />
                <span>Pinned</span>
              </span>
            </>
          ) : null}
        </p>
      </div>
    </div>
  );
}

import { Link } from 'react-router';
import { relativeTimeLabel } from '#common/relative-time.ts';
import { pathTo } from '#common/routes.ts';
import type { PostView } from '#common/schemas/posts.ts';
import { Avatar, AvatarFallback, AvatarImage } from '../../../components/ui/avatar.tsx';
import { initials } from '../format.ts';

const fullDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** Avatar, name and @handle (one link to the creator's page), and when it was posted. */
export function PostCardHeader({ post, titleId }: { post: PostView; titleId: string }) {
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
        <time
          dateTime={post.createdAt}
          title={fullDate.format(new Date(post.createdAt))}
          className="block text-xs text-muted-foreground"
        >
          {relativeTimeLabel(post.createdAt)}
        </time>
      </div>
    </div>
  );
}

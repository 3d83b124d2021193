import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { HydrateLater } from '../../../components/hydrate-later.tsx';
import type { PostPages } from '../api/post-pages.ts';
import { ListError } from './list-error.tsx';
import { LoadMore } from './load-more.tsx';
import { MediaTile } from './media-tile.tsx';
import { MediaGridSkeleton } from './post-list-skeleton.tsx';
import { uniquePosts } from './unique-posts.ts';

interface MediaGridProps {
  query: UseInfiniteQueryResult<PostPages>;
  label: string;
  empty: ReactNode;
}

/** Square tiles, three to a row on every screen, with infinite loading. */
export function MediaGrid({ query, label, empty }: MediaGridProps) {
  if (query.isPending) return <MediaGridSkeleton />;
  if (query.isError && !query.data) {
    return <ListError message={query.error.message} onRetry={() => void query.refetch()} />;
  }
  const posts = uniquePosts(query.data);
  if (posts.length === 0) return <>{empty}</>;
  return (
    <div className="flex flex-col gap-2">
      <ul aria-label={label} aria-busy={query.isFetchingNextPage} className="grid grid-cols-3 gap-1">
        {posts.map((post) => (
          // Each tile is adopted in a task of its own, after the page's frame.
          <HydrateLater key={post.id}>
            <MediaTile post={post} />
          </HydrateLater>
        ))}
      </ul>
      <LoadMore page={query} endText="That's everything." />
    </div>
  );
}

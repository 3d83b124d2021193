import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { HydrateLater } from '../../../components/hydrate-later.tsx';
import type { PostPages } from '../api/post-pages.ts';
import { ListError } from './list-error.tsx';
import { LoadMore } from './load-more.tsx';
import { PostCard } from './post-card.tsx';
import { PostListSkeleton } from './post-list-skeleton.tsx';
import { uniquePosts } from './unique-posts.ts';

interface PostFeedProps {
  query: UseInfiniteQueryResult<PostPages>;
  /** Names the feed for screen readers ('Discover posts'). */
  label: string;
  empty: ReactNode;
  progress?: boolean;
  followingHint?: boolean;
  /** A creator's own feed: the pinned post says so. */
  showPinned?: boolean;
}

/** Cards in an ARIA feed with infinite loading, and the loading, empty and error states. */
export function PostFeed({
  query,
  label,
  empty,
  progress = false,
  followingHint = false,
  showPinned = false,
}: PostFeedProps) {
  if (query.isPending) return <PostListSkeleton />;
  if (query.isError && !query.data) {
    return <ListError message={query.error.message} onRetry={() => void query.refetch()} />;
  }
  const posts = uniquePosts(query.data);
  if (posts.length === 0) return <>{empty}</>;
  const setSize = query.hasNextPage ? -1 : posts.length;
  return (
    <div className="flex flex-col gap-6">
      <div
        role="feed"
        aria-label={label}
        aria-busy={query.isFetchingNextPage}
        className="flex flex-col gap-6"
      >
        {posts.map((post, index) => (
          // Each card is adopted in a task of its own, after the page's frame.
          <HydrateLater key={post.id}>
            <PostCard
              post={post}
              priority={index === 0}
              progress={progress}
              followingHint={followingHint}
              showPinned={showPinned}
              position={index + 1}
              setSize={setSize}
            />
          </HydrateLater>
        ))}
      </div>
      <LoadMore page={query} endText="You're all caught up." />
    </div>
  );
}

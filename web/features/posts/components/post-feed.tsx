import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { PostView } from '#common/schemas/posts.ts';
import type { PostPages } from '../api/post-pages.ts';
import { ListError } from './list-error.tsx';
import { LoadMore } from './load-more.tsx';
import { PostCard } from './post-card.tsx';
import { PostListSkeleton } from './post-list-skeleton.tsx';

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

/** Pages flattened; a post that moved between pages while they were fetched shows once. */
export function uniquePosts(pages: PostPages | undefined): PostView[] {
  const seen = new Set<string>();
  const posts: PostView[] = [];
  for (const post of (pages?.pages ?? []).flatMap((page) => page.items)) {
    if (seen.has(post.id)) continue;
    seen.add(post.id);
    posts.push(post);
  }
  return posts;
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
          <PostCard
            key={post.id}
            post={post}
            priority={index === 0}
            progress={progress}
            followingHint={followingHint}
            showPinned={showPinned}
            position={index + 1}
            setSize={setSize}
          />
        ))}
      </div>
      <LoadMore page={query} endText="You're all caught up." />
    </div>
  );
}

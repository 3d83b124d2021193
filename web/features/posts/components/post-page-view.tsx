import { FileQuestion } from 'lucide-react';
import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { usePost } from '../api/get-post.ts';
import { CommentsSection } from './comments-section.tsx';
import { ListError } from './list-error.tsx';
import { PostCard } from './post-card.tsx';
import { PostListSkeleton } from './post-list-skeleton.tsx';

/** One post with its comments below (the link a comment notification leads to). */
export function PostPageView({ postId }: { postId: string }) {
  const query = usePost(postId);
  if (query.isPending) return <PostListSkeleton />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404)
      return (
        <EmptyState
          icon={FileQuestion}
          headingLevel={1}
          title="Post not found"
          description="It may have been deleted, or it is not open to you."
        >
          <Button asChild>
            <Link to={pathTo('discover')}>Go to Discover</Link>
          </Button>
        </EmptyState>
      );
    return <ListError message={query.error.message} onRetry={() => void query.refetch()} />;
  }
  return (
    <div className="flex flex-col gap-6">
      <h1 className="sr-only">Post by {query.data.creator.displayName}</h1>
      <PostCard post={query.data} priority commentsBelow />
      <div className="rounded-2xl border border-border bg-card p-4 max-md:-mx-4 max-md:rounded-none max-md:border-x-0">
        <CommentsSection postId={postId} />
      </div>
    </div>
  );
}

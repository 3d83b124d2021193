import { Inbox } from 'lucide-react';
import type { CreatorStatus } from '#common/schemas/creators.ts';
import { AdminOnlyState } from '../../../components/admin-gate.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCreatorReviews } from '../api/get-creator-reviews.ts';
import { CreatorReviewCard } from './creator-review-card.tsx';
import { statusLabels } from './review-status-filter.tsx';

export const REVIEW_TASK = 'review new creators';

/** The applications with one status, oldest first as the server orders them, a page at a time. */
export function CreatorReviewList({ status }: { status: CreatorStatus }) {
  const reviews = useCreatorReviews(status);

  if (reviews.isPending) {
    return (
      <div role="status" className="flex flex-col gap-4">
        <span className="sr-only">Loading creators…</span>
        <Skeleton className="h-48 w-full rounded-2xl" />
        <Skeleton className="h-48 w-full rounded-2xl" />
      </div>
    );
  }
  if (reviews.isError) {
    if (reviews.error instanceof ApiError && reviews.error.status === 403)
      return <AdminOnlyState task={REVIEW_TASK} />;
    return (
      <EmptyState icon={Inbox} title="Something went wrong" description={reviews.error.message}>
        <Button onClick={() => void reviews.refetch()}>Try again</Button>
      </EmptyState>
    );
  }

  const items = reviews.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <EmptyState
        icon={Inbox}
        title={`Nothing ${statusLabels[status].toLowerCase()}`}
        description={
          status === 'pending_review' ? 'Every application has been reviewed.' : 'No creators here yet.'
        }
      />
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col gap-4">
        {items.map((review) => (
          <li key={review.creator.id}>
            <CreatorReviewCard review={review} />
          </li>
        ))}
      </ul>
      {reviews.hasNextPage ? (
        <Button
          variant="outline"
          className="self-center"
          disabled={reviews.isFetchingNextPage}
          onClick={() => void reviews.fetchNextPage()}
        >
          {reviews.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </Button>
      ) : null}
    </div>
  );
}

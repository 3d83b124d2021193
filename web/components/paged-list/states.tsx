import { CloudOff, type LucideIcon, SearchX } from 'lucide-react';
import { EmptyState } from '../empty-state.tsx';
import { Button } from '../ui/button.tsx';
import { Skeleton } from '../ui/skeleton.tsx';

/** Row-shaped placeholders while a list's first page loads. */
export function ListSkeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-label={label} className="grid gap-2">
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders with no identity.
        <Skeleton key={index} className="h-16 rounded-xl" />
      ))}
    </div>
  );
}

export function ListLoadError({
  title,
  message,
  onRetry,
}: {
  title: string;
  message: string;
  onRetry: () => void;
}) {
  return (
    <EmptyState icon={CloudOff} title={title} description={message}>
      <Button onClick={onRetry}>Try again</Button>
    </EmptyState>
  );
}

/** Nothing matches the filters: say so and offer to clear them. */
export function NoMatches({ noun, onClear }: { noun: string; onClear: () => void }) {
  return (
    <EmptyState icon={SearchX} title="No matches" description={`No ${noun} match these filters.`}>
      <Button variant="outline" onClick={onClear}>
        Clear Filters
      </Button>
    </EmptyState>
  );
}

export function NothingYet({ icon, title, text }: { icon: LucideIcon; title: string; text: string }) {
  return <EmptyState icon={icon} title={title} description={text} />;
}

interface MorePages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** Keyset pages: one more page per press (these lists are work, not a feed to scroll forever). */
export function LoadMoreButton({ query }: { query: MorePages }) {
  if (!query.hasNextPage) return null;
  return (
    <Button
      variant="outline"
      className="self-center"
      aria-disabled={query.isFetchingNextPage || undefined}
      onClick={() => {
        if (!query.isFetchingNextPage) void query.fetchNextPage();
      }}
    >
      {query.isFetchingNextPage ? 'Loading…' : query.isFetchNextPageError ? 'Try again' : 'Load more'}
    </Button>
  );
}

import { Inbox } from 'lucide-react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';

export function ListLoading({ label }: { label: string }) {
  return (
    <div role="status" className="flex flex-col gap-4">
      <span className="sr-only">{label}</span>
      <Skeleton className="h-40 w-full rounded-2xl" />
      <Skeleton className="h-40 w-full rounded-2xl" />
    </div>
  );
}

export function ListError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <EmptyState icon={Inbox} title="Something went wrong" description={message}>
      <Button onClick={onRetry}>Try again</Button>
    </EmptyState>
  );
}

export function LoadMore({
  hasMore,
  loading,
  onLoad,
}: {
  hasMore: boolean;
  loading: boolean;
  onLoad: () => void;
}) {
  if (!hasMore) return null;
  return (
    <Button variant="outline" className="self-center" disabled={loading} onClick={onLoad}>
      {loading ? 'Loading…' : 'Load more'}
    </Button>
  );
}

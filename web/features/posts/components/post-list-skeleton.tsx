import { Skeleton } from '../../../components/ui/skeleton.tsx';

/** Holds the shape of a few cards while the first page loads, so nothing jumps when it arrives. */
export function PostListSkeleton({ count = 2 }: { count?: number }) {
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-6">
      <span className="sr-only">Loading posts…</span>
      {Array.from({ length: count }, (_, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders with no identity.
          key={index}
          className="overflow-hidden border-y border-border max-md:-mx-4 md:rounded-2xl md:border"
        >
          <div className="flex items-center gap-3 px-4 py-3">
            <Skeleton className="size-10 rounded-full" />
            <div className="flex flex-col gap-2">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-3 w-16" />
            </div>
          </div>
          <Skeleton className="aspect-square w-full rounded-none" />
          <div className="flex flex-col gap-2 p-4">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-8 w-24" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** Square tiles, three to a row, while a creator's media loads. */
export function MediaGridSkeleton() {
  return (
    <div role="status" aria-live="polite" className="grid grid-cols-3 gap-1">
      <span className="sr-only">Loading media…</span>
      {Array.from({ length: 6 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders with no identity.
        <Skeleton key={index} className="aspect-square rounded-none" />
      ))}
    </div>
  );
}

import { Skeleton } from '../../../components/ui/skeleton.tsx';

/** The form's shape while the creator profile loads, so nothing jumps. */
export function PostFormSkeleton() {
  return (
    <div role="status" aria-live="polite" className="grid gap-6 @3xl:grid-cols-[minmax(0,1fr)_20rem]">
      <span className="sr-only">Loading…</span>
      <div className="grid gap-5">
        <div className="grid gap-2 sm:grid-cols-2">
          <Skeleton className="h-16 rounded-xl" />
          <Skeleton className="h-16 rounded-xl" />
        </div>
        <Skeleton className="h-28" />
        <Skeleton className="h-40 rounded-2xl" />
        <Skeleton className="h-11 w-36" />
      </div>
      <Skeleton className="hidden h-80 rounded-2xl @3xl:block" />
    </div>
  );
}

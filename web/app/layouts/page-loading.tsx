import { Skeleton } from '../../components/ui/skeleton.tsx';

/** Shown in the page area while a page's code is on its way. */
export function PageLoading() {
  return (
    <div role="status" aria-live="polite" className="mx-auto flex max-w-3xl flex-col gap-4">
      <span className="sr-only">Loading page…</span>
      <Skeleton className="h-9 w-56" />
      <Skeleton className="h-4 w-full max-w-md" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

import { Skeleton } from '../../../components/ui/skeleton.tsx';

/** Holds the wizard's shape while the saved progress loads, so nothing jumps when it arrives. */
export function OnboardingSkeleton() {
  return (
    <div role="status" aria-live="polite" className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <span className="sr-only">Loading your onboarding…</span>
      <Skeleton className="h-2 w-full rounded-full" />
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-4 w-full max-w-md" />
      <Skeleton className="h-48 w-full rounded-2xl" />
      <Skeleton className="h-11 w-32 self-end" />
    </div>
  );
}

import { CircleCheck, CircleX, LoaderCircle } from 'lucide-react';
import type { HandleCheck } from '../use-handle-check.ts';

/** Under the username: checking, free or taken, announced politely as it changes. */
export function HandleCheckNote({ check }: { check: HandleCheck }) {
  return (
    <span aria-live="polite" className="flex min-h-4 items-center gap-1.5">
      {check.state === 'checking' ? (
        <>
          <LoaderCircle aria-hidden="true" className="size-3.5 animate-spin" />
          Checking availability…
        </>
      ) : check.state === 'available' ? (
        <>
          <CircleCheck aria-hidden="true" className="size-3.5 text-emerald-600 dark:text-emerald-400" />
          {check.message}
        </>
      ) : check.state === 'taken' ? (
        <span className="flex items-center gap-1.5 font-medium text-destructive">
          <CircleX aria-hidden="true" className="size-3.5" />
          {check.message}
        </span>
      ) : (
        'Letters, numbers, _ and . after the @'
      )}
    </span>
  );
}

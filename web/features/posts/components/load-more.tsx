import { LoaderCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useInView } from '../use-in-view.ts';

export interface NextPage {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** Start loading the next page while the reader is still this far above the end. */
const AHEAD = '600px';

/**
 * Infinite loading: a sentinel asks for the next page as it nears the screen, and a visible
 * button does the same for keyboards, screen readers and browsers without IntersectionObserver.
 * After a failure nothing is asked again on its own: the button becomes the retry.
 */
export function LoadMore({ page, endText }: { page: NextPage; endText: string }) {
  const sentinel = useRef<HTMLDivElement>(null);
  const near = useInView(sentinel, 0, AHEAD);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = page;

  useEffect(() => {
    if (near && hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [near, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  // The sentinel is always rendered, so the observer set up on mount keeps watching the same node.
  return (
    <div ref={sentinel} className="flex flex-col items-center gap-2 py-4">
      {hasNextPage ? null : <p className="text-center text-sm text-muted-foreground">{endText}</p>}
      {hasNextPage && isFetchNextPageError ? (
        <p role="alert" className="text-sm text-destructive">
          More could not be loaded.
        </p>
      ) : null}
      {hasNextPage ? (
        <Button
          variant="outline"
          aria-disabled={isFetchingNextPage || undefined}
          onClick={() => {
            if (!isFetchingNextPage) void fetchNextPage();
          }}
        >
          {isFetchingNextPage ? (
            <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
          ) : null}
          {isFetchingNextPage ? 'Loading…' : isFetchNextPageError ? 'Try again' : 'Load more'}
        </Button>
      ) : null}
    </div>
  );
}

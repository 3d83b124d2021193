import { CircleAlert, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { CreatorCard, CreatorListSkeleton } from '../../creators/index.ts';
import { RESULTS_LIMIT, useSearchCreators } from '../api/search-creators.ts';
import { OwnCreatorCard } from './own-creator-card.tsx';

/** Discover's `?q=` results: every matching creator, best match first, each with Follow. */
export function SearchResults({ query }: { query: string }) {
  const results = useSearchCreators(query, RESULTS_LIMIT);
  const count = results.data?.length ?? 0;

  return (
    <section aria-labelledby="search-results-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="search-results-title" className="font-heading text-lg font-semibold">
          Creators matching “{query}”
        </h2>
        {results.data ? (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {count === 1 ? '1 creator' : `${count} creators`}
          </p>
        ) : null}
      </div>
      {results.isPending ? (
        <CreatorListSkeleton rows={3} />
      ) : results.isError ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-xl border border-destructive/50 bg-destructive/10 p-4 text-sm"
        >
          <CircleAlert aria-hidden="true" className="size-5 shrink-0 text-destructive" />
          <p className="min-w-0 flex-1">
            <span className="font-semibold">Search is unavailable right now.</span>{' '}
            <span className="text-muted-foreground">{results.error.message}</span>
          </p>
          <Button size="sm" variant="outline" onClick={() => void results.refetch()}>
            Try again
          </Button>
        </div>
      ) : count === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-border px-4 py-8 text-center">
          <SearchX aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="text-sm font-medium">No creators match “{query}”</p>
          <p className="text-xs text-muted-foreground">
            Check the spelling or try part of a name or @handle.
          </p>
          <Button asChild size="sm" variant="outline" className="mt-1">
            <Link to={pathTo('discover')}>Clear search</Link>
          </Button>
        </div>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {results.data.map((creator) => (
            <li key={creator.id}>
              {/* One's own page is found too (the server says which), without a Follow button. */}
              {creator.isOwner ? <OwnCreatorCard creator={creator} /> : <CreatorCard creator={creator} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

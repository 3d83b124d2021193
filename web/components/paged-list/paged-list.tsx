import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { emptyFilters, isFiltered, type ListFilters } from './filters.ts';
import { ListFiltersBar } from './filters-bar.tsx';
import { ListLoadError, ListSkeleton, LoadMoreButton, NoMatches, NothingYet } from './states.tsx';

/** What a paged list reads of its infinite query (TanStack Query's `useInfiniteQuery`). */
export interface PagedQuery<Item> {
  data: { pages: { items: Item[] }[] } | undefined;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  isFetching: boolean;
  isPlaceholderData: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
  refetch: () => Promise<unknown>;
}

export interface PagedListProps<Item, Status extends string> {
  query: PagedQuery<Item>;
  /** The filters as applied; the page keeps them, since its query reads them. */
  filters: ListFilters<Status>;
  onFiltersChange: (next: ListFilters<Status>) => void;
  statuses: { value: Status; label: string }[];
  search: { label: string; placeholder: string };
  /** What one row is, for the loading label, the count read out and "No <many> match". */
  noun: { one: string; many: string };
  /** The list before anything is in it. */
  empty: { icon: LucideIcon; title: string; text: string };
  /** The rows of what has loaded so far (each screen's columns and row actions). */
  renderRows: (items: Item[]) => ReactNode;
  /** Dialogs the rows open. */
  children?: ReactNode;
}

/**
 * The one paged list screen (Transaction History, Manage Subscriptions): search, status and dates
 * above; a skeleton while the first page loads, the error with Try again, "No matches" with Clear
 * Filters, or the empty state; the rows, then one more page per "Load more". How many rows are
 * shown is read out politely when it changes. Rows lay themselves out for phones and desktops.
 */
export function PagedList<Item, Status extends string>({
  query,
  filters,
  onFiltersChange,
  statuses,
  search,
  noun,
  empty,
  renderRows,
  children,
}: PagedListProps<Item, Status>) {
  // Clearing remounts the bar, so text typed and not yet applied goes too.
  const [resets, setResets] = useState(0);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];

  function clear() {
    onFiltersChange(emptyFilters());
    setResets((count) => count + 1);
  }

  let body: ReactNode;
  if (query.isPending) body = <ListSkeleton label={`Loading ${noun.many}`} />;
  else if (query.isError && !query.data)
    body = (
      <ListLoadError
        title={`${noun.many.charAt(0).toUpperCase()}${noun.many.slice(1)} could not be loaded`}
        message={query.error?.message ?? ''}
        onRetry={() => void query.refetch()}
      />
    );
  else if (items.length === 0)
    body = isFiltered(filters) ? (
      <NoMatches noun={noun.many} onClear={clear} />
    ) : (
      <NothingYet icon={empty.icon} title={empty.title} text={empty.text} />
    );
  else
    body = (
      <>
        {renderRows(items)}
        <LoadMoreButton query={query} />
      </>
    );

  return (
    <div className="flex flex-col gap-4">
      <ListFiltersBar
        key={resets}
        filters={filters}
        onChange={onFiltersChange}
        onClear={clear}
        statuses={statuses}
        searchLabel={search.label}
        searchPlaceholder={search.placeholder}
        busy={query.isPlaceholderData && query.isFetching}
      />
      <div aria-live="polite" className="sr-only">
        {query.isPending || query.isPlaceholderData
          ? ''
          : `${items.length}${query.hasNextPage ? '+' : ''} ${items.length === 1 ? noun.one : noun.many}`}
      </div>
      <div className="flex flex-col gap-3">{body}</div>
      {children}
    </div>
  );
}

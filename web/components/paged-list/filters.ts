/** What a paged list screen (Transaction History, Manage Subscriptions) is filtered by, as applied. */
export interface ListFilters<Status extends string> {
  q: string;
  status: Status | 'all';
  /** Calendar days, YYYY-MM-DD, both inclusive; '' for no bound. */
  from: string;
  to: string;
}

export function emptyFilters<Status extends string>(): ListFilters<Status> {
  return { q: '', status: 'all', from: '', to: '' };
}

/** Whether any filter differs from its default (Clear Filters shows only then). */
export function isFiltered<Status extends string>(filters: ListFilters<Status>): boolean {
  return filters.q !== '' || filters.status !== 'all' || filters.from !== '' || filters.to !== '';
}

/** The query string the list endpoints take; empty filters are left out. */
export function filterQuery<Status extends string>(filters: ListFilters<Status>) {
  return {
    q: filters.q || undefined,
    status: filters.status === 'all' ? undefined : filters.status,
    from: filters.from || undefined,
    to: filters.to || undefined,
  };
}

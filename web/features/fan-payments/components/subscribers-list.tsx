import { Users } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { type Subscriber, subscriberStatuses } from '#common/schemas/fan-payments.ts';
import { useSession } from '../../../lib/session.ts';
import { type SubscriberFilters, useSubscribers } from '../api/get-subscribers.ts';
import { emptyFilters, isFiltered } from '../api/list-filters.ts';
import { ListFiltersBar } from './list-filters-bar.tsx';
import { ListLoadError, ListSkeleton, LoadMoreButton, NoMatches, NothingYet } from './list-states.tsx';
import { type SubscriberDialogState, SubscriberDialogs } from './subscriber-dialogs.tsx';
import { SubscriberRows } from './subscriber-rows.tsx';

const statuses = subscriberStatuses.map((value) => ({ value, label: value }));

/** Message User opens the conversation with them (spec section 4's `?user=...`; no email in the address). */
export function messagePath(subscriber: Pick<Subscriber, 'userId'>): string {
  const query = new URLSearchParams({ user: subscriber.userId });
  return `${pathTo('messages')}?${query.toString()}`;
}

/** The creator's lists for one fan (mass messages' dialog), which the settings page passes in. */
export type RenderFanLists = (dialog: {
  userId: string;
  fan: { userId: string; name: string };
  onClose: () => void;
}) => ReactNode;

/**
 * Manage Subscriptions for a creator (spec section 2): subscribers with search by name or @handle,
 * status and date filters; View Details, Message User, Add to a list, Unsubscribe user and Block
 * User per row.
 */
export function SubscribersList({ renderFanLists }: { renderFanLists: RenderFanLists }) {
  const session = useSession();
  const navigate = useNavigate();
  const [filters, setFilters] = useState<SubscriberFilters>(emptyFilters);
  const [resets, setResets] = useState(0);
  const [dialog, setDialog] = useState<SubscriberDialogState | null>(null);
  const [listing, setListing] = useState<Subscriber | null>(null);
  const query = useSubscribers(session?.user.id ?? '', filters);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];

  function clear() {
    setFilters(emptyFilters());
    setResets((count) => count + 1);
  }

  let body: React.ReactNode;
  if (query.isPending) body = <ListSkeleton label="Loading subscribers" />;
  else if (query.isError && !query.data)
    body = (
      <ListLoadError
        title="Subscribers could not be loaded"
        message={query.error.message}
        onRetry={() => void query.refetch()}
      />
    );
  else if (items.length === 0)
    body = isFiltered(filters) ? (
      <NoMatches noun="subscribers" onClear={clear} />
    ) : (
      <NothingYet
        icon={Users}
        title="No subscribers yet"
        text="When fans subscribe to you, they are listed here with their plan and what they paid."
      />
    );
  else
    body = (
      <>
        <SubscriberRows
          items={items}
          onChoose={(action, subscriber, returnFocusTo) => {
            if (action === 'message') void navigate(messagePath(subscriber));
            else if (action === 'lists') setListing(subscriber);
            else setDialog({ action, subscriber, returnFocusTo });
          }}
        />
        <LoadMoreButton query={query} />
      </>
    );

  return (
    <div className="flex flex-col gap-4">
      <ListFiltersBar
        key={resets}
        filters={filters}
        onChange={setFilters}
        onClear={clear}
        statuses={statuses}
        searchLabel="Search subscribers"
        searchPlaceholder="Search by name or @handle"
        busy={query.isPlaceholderData && query.isFetching}
      />
      <div aria-live="polite" className="sr-only">
        {query.isPending || query.isPlaceholderData
          ? ''
          : `${items.length}${query.hasNextPage ? '+' : ''} ${items.length === 1 ? 'subscriber' : 'subscribers'}`}
      </div>
      <div className="flex flex-col gap-3">{body}</div>
      <SubscriberDialogs dialog={dialog} onClose={() => setDialog(null)} />
      {listing && session
        ? renderFanLists({
            userId: session.user.id,
            fan: { userId: listing.userId, name: listing.name },
            onClose: () => setListing(null),
          })
        : null}
    </div>
  );
}

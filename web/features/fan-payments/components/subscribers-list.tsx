import { Users } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { type Subscriber, subscriberStatuses } from '#common/schemas/fan-payments.ts';
import { emptyFilters } from '../../../components/paged-list/filters.ts';
import { PagedList } from '../../../components/paged-list/paged-list.tsx';
import { useSession } from '../../../lib/session.ts';
import { type SubscriberFilters, useSubscribers } from '../api/get-subscribers.ts';
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
  const [dialog, setDialog] = useState<SubscriberDialogState | null>(null);
  const [listing, setListing] = useState<Subscriber | null>(null);
  const query = useSubscribers(session?.user.id ?? '', filters);
  return (
    <PagedList
      query={query}
      filters={filters}
      onFiltersChange={setFilters}
      statuses={statuses}
      search={{ label: 'Search subscribers', placeholder: 'Search by name or @handle' }}
      noun={{ one: 'subscriber', many: 'subscribers' }}
      empty={{
        icon: Users,
        title: 'No subscribers yet',
        text: 'When fans subscribe to you, they are listed here with their plan and what they paid.',
      }}
      renderRows={(items) => (
        <SubscriberRows
          items={items}
          onChoose={(action, subscriber, returnFocusTo) => {
            if (action === 'message') void navigate(messagePath(subscriber));
            else if (action === 'lists') setListing(subscriber);
            else setDialog({ action, subscriber, returnFocusTo });
          }}
        />
      )}
    >
      <SubscriberDialogs dialog={dialog} onClose={() => setDialog(null)} />
      {listing && session
        ? renderFanLists({
            userId: session.user.id,
            fan: { userId: listing.userId, name: listing.name },
            onClose: () => setListing(null),
          })
        : null}
    </PagedList>
  );
}

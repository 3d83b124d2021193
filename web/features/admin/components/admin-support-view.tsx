import { Inbox } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { type TicketStatus, ticketStatuses } from '#common/schemas/safety.ts';
import { AdminGate, AdminOnlyState } from '../../../components/admin-gate.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSupportTickets } from '../api/get-support-tickets.ts';
import { ticketStatusLabels } from '../support-labels.ts';
import { ListError, ListLoading, LoadMore } from './admin-states.tsx';
import { StatusToggle } from './status-toggle.tsx';
import { TicketRow } from './ticket-row.tsx';

export const SUPPORT_TASK = 'answer support requests';
const isStatus = (value: string | null): value is TicketStatus =>
  ticketStatuses.some((status) => status === value);

function TicketList({ status }: { status: TicketStatus }) {
  const tickets = useSupportTickets(status);
  if (tickets.isPending) return <ListLoading label="Loading support requests…" />;
  if (tickets.isError) {
    if (tickets.error instanceof ApiError && tickets.error.status === 403) {
      return <AdminOnlyState task={SUPPORT_TASK} />;
    }
    return <ListError message={tickets.error.message} onRetry={() => void tickets.refetch()} />;
  }
  const items = tickets.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <EmptyState
        icon={Inbox}
        title={status === 'open' ? 'No open requests' : 'No closed requests'}
        description={
          status === 'open' ? 'Every support request has been handled.' : 'Closed requests appear here.'
        }
      />
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col gap-3">
        {items.map((ticket) => (
          <li key={ticket.id}>
            <TicketRow ticket={ticket} />
          </li>
        ))}
      </ul>
      <LoadMore
        hasMore={tickets.hasNextPage}
        loading={tickets.isFetchingNextPage}
        onLoad={() => void tickets.fetchNextPage()}
      />
    </div>
  );
}

/** Support requests by status: open ones oldest first, closed ones newest first. */
export function AdminSupportView() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('status');
  const status: TicketStatus = isStatus(requested) ? requested : 'open';

  return (
    <AdminGate task={SUPPORT_TASK}>
      <div className="flex flex-col gap-5">
        <StatusToggle
          value={status}
          labels={ticketStatusLabels}
          onChange={(next) => setParams(next === 'open' ? {} : { status: next }, { replace: true })}
        />
        <TicketList key={status} status={status} />
      </div>
    </AdminGate>
  );
}

import { ArrowLeft, CircleCheck, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import type { SupportTicket } from '#common/schemas/safety.ts';
import { AdminGate, AdminOnlyState } from '../../../components/admin-gate.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatShortDate as formatDate, formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useCloseTicket } from '../api/answer-support-ticket.ts';
import { useSupportTicket } from '../api/get-support-ticket.ts';
import { categoryLabels, SUPPORT_GOAL_DAYS } from '../support-labels.ts';
import { ListError } from './admin-states.tsx';
import { SUPPORT_TASK } from './admin-support-view.tsx';
import { AgeBadge } from './age-badge.tsx';
import { TicketReplyForm } from './ticket-reply-form.tsx';

function BackLink() {
  return (
    <Button asChild variant="ghost" size="sm" className="self-start">
      <Link to={pathTo('adminSupport')}>
        <ArrowLeft aria-hidden="true" />
        All support requests
      </Link>
    </Button>
  );
}

function Ticket({ ticket }: { ticket: SupportTicket }) {
  const close = useCloseTicket();
  const open = ticket.status === 'open';

  function onClose(): void {
    close.mutate(ticket.id, {
      onSuccess: () => toast.success('Support request closed'),
      onError: (error) => toast.error(error.message),
    });
  }

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="outline">{categoryLabels[ticket.category]}</Badge>
          {open ? (
            ticket.replies.length === 0 ? (
              <AgeBadge ageDays={ticket.ageDays} goalDays={SUPPORT_GOAL_DAYS} goal="24-hour" />
            ) : (
              <Badge variant="outline">Answered</Badge>
            )
          ) : (
            <Badge variant="secondary">Closed {ticket.closedAt ? formatDate(ticket.closedAt) : ''}</Badge>
          )}
        </div>
        <h1 className="font-heading text-2xl font-bold tracking-tight break-words md:text-3xl">
          {ticket.subject}
        </h1>
        <p className="text-sm text-muted-foreground">
          From {ticket.name} · <a href={`mailto:${ticket.email}`}>{ticket.email}</a>
          {ticket.userId ? ' · signed in' : ' · not signed in'}
        </p>
      </header>

      <ol aria-label="Conversation" className="flex flex-col gap-3">
        <li className="rounded-2xl border border-border p-4">
          <p className="mb-2 text-xs text-muted-foreground">
            {ticket.name} wrote on <time dateTime={ticket.createdAt}>{formatDateTime(ticket.createdAt)}</time>
          </p>
          <p className="text-sm break-words whitespace-pre-line">{ticket.message}</p>
        </li>
        {ticket.replies.map((reply) => (
          <li key={reply.id} className="rounded-2xl border border-primary/30 bg-primary/5 p-4 sm:ml-8">
            <p className="mb-2 text-xs text-muted-foreground">
              {reply.adminName ?? 'An admin'} replied on{' '}
              <time dateTime={reply.createdAt}>{formatDateTime(reply.createdAt)}</time>
            </p>
            <p className="text-sm break-words whitespace-pre-line">{reply.message}</p>
          </li>
        ))}
      </ol>

      {open ? (
        <section
          aria-label="Answer"
          className="flex flex-col gap-4 rounded-2xl border border-border p-4 sm:p-5"
        >
          <TicketReplyForm ticket={ticket} />
          <div className="flex flex-col gap-2 border-t border-border pt-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-muted-foreground">Done? Closing moves it out of the open queue.</p>
            <Button variant="outline" onClick={onClose} disabled={close.isPending}>
              <CircleCheck aria-hidden="true" />
              {close.isPending ? 'Closing…' : 'Close request'}
            </Button>
          </div>
        </section>
      ) : (
        <p className="text-sm text-muted-foreground">This request is closed; it takes no more replies.</p>
      )}
    </div>
  );
}

/** One support request, its replies, the reply form and Close. */
export function AdminTicketView({ id }: { id: string }) {
  // This page has no header of its own: the state shown stands as its heading.
  return (
    <AdminGate headingLevel={1} task={SUPPORT_TASK}>
      <div className="flex flex-col gap-4">
        <BackLink />
        <TicketLoader id={id} />
      </div>
    </AdminGate>
  );
}

function TicketLoader({ id }: { id: string }) {
  const ticket = useSupportTicket(id);
  // The page's own title is fixed; this one follows the data, so it is set last.
  useDocumentTitle(ticket.data ? `Support: ${ticket.data.subject}` : 'Support request');
  if (ticket.isPending) {
    return (
      <div role="status" className="flex flex-col gap-4">
        <span className="sr-only">Loading the support request…</span>
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-32 w-full rounded-2xl" />
      </div>
    );
  }
  if (ticket.isError) {
    const status = ticket.error instanceof ApiError ? ticket.error.status : 0;
    if (status === 403) return <AdminOnlyState headingLevel={1} task={SUPPORT_TASK} />;
    if (status === 404 || status === 400) {
      return (
        <EmptyState
          icon={SearchX}
          headingLevel={1}
          title="Support request not found"
          description="It may have been deleted with its sender's account."
        />
      );
    }
    return <ListError message={ticket.error.message} onRetry={() => void ticket.refetch()} />;
  }
  return <Ticket ticket={ticket.data} />;
}

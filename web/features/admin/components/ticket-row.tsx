import { MessageSquareReply } from 'lucide-react';
import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import type { SupportTicket } from '#common/schemas/safety.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { formatShortDate as formatDate } from '../../../lib/format.ts';
import { categoryLabels, SUPPORT_GOAL_DAYS } from '../support-labels.ts';
import { AgeBadge } from './age-badge.tsx';

/** A ticket in the queue: the subject links to the ticket; who wrote, about what, and how long ago. */
export function TicketRow({ ticket }: { ticket: SupportTicket }) {
  const replies = ticket.replies.length;
  const titleId = `ticket-${ticket.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="relative flex flex-col gap-2 rounded-2xl border border-border p-4 transition-colors focus-within:ring-2 focus-within:ring-ring hover:bg-accent/50 sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={titleId} className="min-w-0 font-heading font-semibold break-words">
          {/* The whole card is the link's target area; the link itself is the subject. */}
          <Link
            to={pathTo('adminSupportTicket', { id: ticket.id })}
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
          >
            {ticket.subject}
          </Link>
        </h2>
        {ticket.status === 'open' ? (
          replies === 0 ? (
            <AgeBadge ageDays={ticket.ageDays} goalDays={SUPPORT_GOAL_DAYS} goal="24-hour" />
          ) : (
            <Badge variant="outline">Answered</Badge>
          )
        ) : (
          <Badge variant="secondary">Closed {ticket.closedAt ? formatDate(ticket.closedAt) : ''}</Badge>
        )}
      </div>
      <p className="text-sm text-muted-foreground">
        {ticket.name} · {ticket.email} · {categoryLabels[ticket.category]} · {formatDate(ticket.createdAt)}
      </p>
      <p className="line-clamp-2 text-sm break-words">{ticket.message}</p>
      {replies > 0 ? (
        <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <MessageSquareReply aria-hidden="true" className="size-3.5" />
          {replies === 1 ? '1 reply' : `${replies} replies`}
        </p>
      ) : null}
    </article>
  );
}

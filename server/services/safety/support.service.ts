import type { SupportRequestInput, TicketStatus } from '../../../common/schemas/safety.ts';
import { safetyMessages, supportReplySchema, supportRequestSchema } from '../../../common/schemas/safety.ts';
import type { Outbox } from '../../adapters/mail/index.ts';
import type { RateLimiter } from '../../adapters/rate-limit/index.ts';
import { conflict, notFound, rateLimited } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { decodeCursor, keysetPage } from '../../lib/cursor.ts';
import { consume, type RateLimit, rateLimits } from '../../lib/rate-limits.ts';
import { actorOf, assertCan } from '../../policies/access.ts';
import type { Viewer } from '../../policies/actions/creators.ts';
import type {
  SupportReplyRecord,
  SupportRepository,
  SupportTicketRecord,
} from '../../repositories/safety/support.repository.ts';
import { supportReceivedEmail, supportReplyEmail } from './emails.ts';

/** A ticket with its replies, as read at `now` (presented by the route). */
export interface TicketFacts {
  ticket: SupportTicketRecord;
  replies: SupportReplyRecord[];
  now: Date;
}

export function createSupportService(deps: {
  support: SupportRepository;
  outbox: Outbox;
  limiter: RateLimiter;
  clock: Clock;
}) {
  const facts = (ticket: SupportTicketRecord, replies: SupportReplyRecord[]): TicketFacts => ({
    ticket,
    replies,
    now: deps.clock.now(),
  });

  async function limit(rule: RateLimit, subject: string) {
    const wait = await consume(deps.limiter, rule, subject);
    if (wait !== null) throw rateLimited(safetyMessages.tooManyTickets, wait);
  }

  async function load(id: string): Promise<TicketFacts> {
    const ticket = await deps.support.findById(id);
    if (!ticket) throw notFound(safetyMessages.ticketNotFound);
    const replies = await deps.support.replies([ticket.id]);
    return facts(ticket, replies.get(ticket.id) ?? []);
  }

  return {
    /**
     * Contact Support: stored as an open ticket, and a receipt mailed to the address given.
     * Works signed out (then limited per IP and per address); the ticket remembers the account when
     * signed in.
     */
    async create(
      user: Viewer | null,
      ip: string,
      input: SupportRequestInput,
    ): Promise<{ id: string; message: string }> {
      const body = supportRequestSchema.parse(input);
      if (user) await limit(rateLimits.supportTicketsPerUser, user.id);
      else {
        await limit(rateLimits.supportTicketsPerIp, ip);
        await limit(rateLimits.supportTicketsPerEmail, body.email.toLowerCase());
      }
      const ticket = await deps.support.create({
        userId: user?.id ?? null,
        ...body,
        createdAt: deps.clock.now(),
      });
      // The receipt goes to whatever address was typed: a cap per address keeps the form from
      // being used to flood someone's mailbox.
      const receipts = await consume(deps.limiter, rateLimits.supportReceiptsPerEmail, body.email);
      if (receipts === null) deps.outbox.sendInBackground(supportReceivedEmail(body.email, body));
      return { id: ticket.id, message: safetyMessages.ticketSent };
    },

    async list(admin: Viewer, options: { status: TicketStatus; limit: number; cursor?: string }) {
      assertCan(actorOf(admin), 'admin:act', { task: 'handle support requests' });
      const after = decodeCursor(options.cursor, ['id'])?.id;
      const rows = await deps.support.list({
        status: options.status,
        limit: options.limit + 1,
        ...(after ? { afterId: after } : {}),
      });
      const page = keysetPage(rows, options.limit, (last) => ({ id: last.id }));
      const replies = await deps.support.replies(page.rows.map((ticket) => ticket.id));
      return {
        items: page.rows.map((ticket) => facts(ticket, replies.get(ticket.id) ?? [])),
        nextCursor: page.nextCursor,
      };
    },

    async get(admin: Viewer, id: string): Promise<TicketFacts> {
      assertCan(actorOf(admin), 'admin:act', { task: 'handle support requests' });
      return load(id);
    },

    /** The reply is mailed to the ticket's address and kept with the ticket; closed tickets take none. */
    async reply(admin: Viewer, id: string, input: { message: string }): Promise<TicketFacts> {
      assertCan(actorOf(admin), 'admin:act', { task: 'handle support requests' });
      const { message } = supportReplySchema.parse(input);
      const ticket = await deps.support.findById(id);
      if (!ticket) throw notFound(safetyMessages.ticketNotFound);
      if (ticket.status === 'closed') throw conflict(safetyMessages.ticketClosed);
      await deps.support.addReply({ ticketId: ticket.id, adminId: admin.id, message, now: deps.clock.now() });
      await deps.outbox.send(supportReplyEmail(ticket.email, ticket, message));
      return load(ticket.id);
    },

    async close(admin: Viewer, id: string): Promise<TicketFacts> {
      assertCan(actorOf(admin), 'admin:act', { task: 'handle support requests' });
      const closed = await deps.support.close(id, deps.clock.now());
      if (!closed) {
        if (await deps.support.findById(id)) throw conflict(safetyMessages.ticketAlreadyClosed);
        throw notFound(safetyMessages.ticketNotFound);
      }
      return load(closed.id);
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;

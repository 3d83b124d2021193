import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TicketStatus } from '../../../common/schemas/safety.ts';
import type { Database } from '../../db/client.ts';
import { supportReplies, supportTickets, users } from '../../db/schema/index.ts';

export type SupportTicketRecord = typeof supportTickets.$inferSelect;
export type NewSupportTicket = typeof supportTickets.$inferInsert;
export interface SupportReplyRecord {
  id: string;
  message: string;
  createdAt: Date;
  adminFirstName: string | null;
  adminLastName: string | null;
}

export function createSupportRepository(db: Database) {
  return {
    async create(ticket: NewSupportTicket): Promise<SupportTicketRecord> {
      const [row] = await db.insert(supportTickets).values(ticket).returning();
      if (!row) throw new Error('support ticket insert returned nothing');
      return row;
    },

    async findById(id: string): Promise<SupportTicketRecord | null> {
      const [row] = await db.select().from(supportTickets).where(eq(supportTickets.id, id));
      return row ?? null;
    },

    /**
     * Keyset pages by id (uuidv7, so by age): open tickets oldest first, the queue order;
     * closed ones newest first.
     */
    async list(options: { status: TicketStatus; limit: number; afterId?: string }) {
      const oldestFirst = options.status === 'open';
      const after = options.afterId
        ? oldestFirst
          ? sql`${supportTickets.id} > ${options.afterId}`
          : sql`${supportTickets.id} < ${options.afterId}`
        : undefined;
      return db
        .select()
        .from(supportTickets)
        .where(and(eq(supportTickets.status, options.status), after))
        .orderBy(oldestFirst ? asc(supportTickets.id) : desc(supportTickets.id))
        .limit(options.limit);
    },

    /** Replies of these tickets, oldest first, with the name of the admin who wrote each. */
    async replies(ticketIds: string[]): Promise<Map<string, SupportReplyRecord[]>> {
      const byTicket = new Map<string, SupportReplyRecord[]>();
      if (ticketIds.length === 0) return byTicket;
      const rows = await db
        .select({
          id: supportReplies.id,
          ticketId: supportReplies.ticketId,
          message: supportReplies.message,
          createdAt: supportReplies.createdAt,
          adminFirstName: users.firstName,
          adminLastName: users.lastName,
        })
        .from(supportReplies)
        .leftJoin(users, eq(users.id, supportReplies.adminId))
        .where(inArray(supportReplies.ticketId, ticketIds))
        .orderBy(asc(supportReplies.id));
      for (const { ticketId, ...reply } of rows) {
        const list = byTicket.get(ticketId) ?? [];
        list.push(reply);
        byTicket.set(ticketId, list);
      }
      return byTicket;
    },

    async addReply(reply: { ticketId: string; adminId: string; message: string; now: Date }): Promise<void> {
      await db.insert(supportReplies).values({
        ticketId: reply.ticketId,
        adminId: reply.adminId,
        message: reply.message,
        createdAt: reply.now,
      });
    },

    /** Null when the ticket was not open (already closed or gone). */
    async close(id: string, now: Date): Promise<SupportTicketRecord | null> {
      const [row] = await db
        .update(supportTickets)
        .set({ status: 'closed', closedAt: now })
        .where(and(eq(supportTickets.id, id), eq(supportTickets.status, 'open')))
        .returning();
      return row ?? null;
    },
  };
}

export type SupportRepository = ReturnType<typeof createSupportRepository>;

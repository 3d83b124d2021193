import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { creatorProfiles, payouts, users } from '../db/schema/index.ts';
import { isUniqueViolation } from './unique-violation.ts';

export type PayoutRecord = typeof payouts.$inferSelect;
export type PayoutStatus = PayoutRecord['status'];

export interface AdminPayoutRow {
  payout: PayoutRecord;
  creator: {
    id: string | null;
    userId: string;
    handle: string | null;
    displayName: string | null;
    email: string;
  };
}

export function createPayoutsRepository(db: Database) {
  const adminRows = () =>
    db
      .select({
        payout: payouts,
        creator: {
          id: creatorProfiles.id,
          userId: users.id,
          handle: creatorProfiles.handle,
          displayName: creatorProfiles.displayName,
          email: users.email,
        },
      })
      .from(payouts)
      .innerJoin(users, eq(users.id, payouts.creatorUserId))
      .leftJoin(creatorProfiles, eq(creatorProfiles.userId, payouts.creatorUserId));

  return {
    /** Null when the creator already has an open request (the partial unique index). */
    async create(input: {
      creatorUserId: string;
      amount: number;
      currency: string;
      now: Date;
    }): Promise<PayoutRecord | null> {
      try {
        const [row] = await db
          .insert(payouts)
          .values({
            creatorUserId: input.creatorUserId,
            amount: input.amount,
            currency: input.currency,
            requestedAt: input.now,
          })
          .returning();
        return row ?? null;
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },

    async findOpen(creatorUserId: string): Promise<PayoutRecord | null> {
      const [row] = await db
        .select()
        .from(payouts)
        .where(and(eq(payouts.creatorUserId, creatorUserId), eq(payouts.status, 'requested')));
      return row ?? null;
    },

    async findById(id: string): Promise<PayoutRecord | null> {
      const [row] = await db.select().from(payouts).where(eq(payouts.id, id));
      return row ?? null;
    },

    async findAdminRow(id: string): Promise<AdminPayoutRow | null> {
      const [row] = await adminRows().where(eq(payouts.id, id));
      return row ?? null;
    },

    /** Only the first admin marks a request paid. */
    async markPaid(
      id: string,
      adminId: string,
      note: string | null,
      now: Date,
    ): Promise<PayoutRecord | null> {
      const [row] = await db
        .update(payouts)
        .set({ status: 'paid', paidAt: now, paidBy: adminId, note })
        .where(and(eq(payouts.id, id), eq(payouts.status, 'requested')))
        .returning();
      return row ?? null;
    },

    /** Open requests oldest first (the queue to settle); paid ones newest first. */
    async list(options: {
      status?: PayoutStatus;
      limit: number;
      after?: { at: string; id: string };
    }): Promise<AdminPayoutRow[]> {
      const oldestFirst = options.status === 'requested';
      const key = sql`(${payouts.requestedAt}, ${payouts.id})`;
      return adminRows()
        .where(
          and(
            options.status ? eq(payouts.status, options.status) : undefined,
            options.after
              ? oldestFirst
                ? sql`${key} > (${options.after.at}::timestamptz, ${options.after.id})`
                : sql`${key} < (${options.after.at}::timestamptz, ${options.after.id})`
              : undefined,
          ),
        )
        .orderBy(
          ...(oldestFirst
            ? [asc(payouts.requestedAt), asc(payouts.id)]
            : [desc(payouts.requestedAt), desc(payouts.id)]),
        )
        .limit(options.limit);
    },
  };
}

export type PayoutsRepository = ReturnType<typeof createPayoutsRepository>;

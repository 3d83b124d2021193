import { and, asc, desc, eq, gte, inArray, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { creatorProfiles, payoutInFlightStatuses, payouts, users } from '../../../db/schema/index.ts';
import { conditionalUpdate, firstRow } from '../../rows.ts';
import { isUniqueViolation } from '../../unique-violation.ts';

export type PayoutRecord = typeof payouts.$inferSelect;
export type PayoutStatus = PayoutRecord['status'];
export type PayoutChanges = Partial<
  Pick<
    PayoutRecord,
    | 'status'
    | 'transferCode'
    | 'fee'
    | 'failureReason'
    | 'initiatedAt'
    | 'paidAt'
    | 'returnedAt'
    | 'lastVerifiedAt'
  >
>;

/** What a transfer payout adds to a manual one. */
export interface NewPayout {
  creatorUserId: string;
  amount: number;
  currency: string;
  now: Date;
  method?: PayoutRecord['method'];
  origin?: PayoutRecord['origin'];
  idempotencyKey?: string | null;
  payoutAccountId?: string | null;
  recipientCode?: string | null;
  localAmount?: number | null;
  localCurrency?: string | null;
  rateMicros?: number | null;
}

const inFlight = inArray(payouts.status, [...payoutInFlightStatuses]);

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
  const changeIf = conditionalUpdate(db, payouts);
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
    /**
     * Null when the creator already has a payout in flight or one under this client key (the
     * partial unique indexes).
     */
    async create(input: NewPayout): Promise<PayoutRecord | null> {
      const { now, ...values } = input;
      try {
        const [row] = await db
          .insert(payouts)
          .values({ ...values, requestedAt: now, updatedAt: now })
          .returning();
        return row ?? null;
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },

    /** The creator's payout in flight: requested and not yet paid, failed or returned. */
    async findOpen(creatorUserId: string): Promise<PayoutRecord | null> {
      const [row] = await db
        .select()
        .from(payouts)
        .where(and(eq(payouts.creatorUserId, creatorUserId), inFlight));
      return row ?? null;
    },

    findByReference: (reference: string): Promise<PayoutRecord | null> =>
      firstRow(db.select().from(payouts).where(eq(payouts.reference, reference))),

    findByIdempotencyKey: (creatorUserId: string, key: string): Promise<PayoutRecord | null> =>
      firstRow(
        db
          .select()
          .from(payouts)
          .where(and(eq(payouts.creatorUserId, creatorUserId), eq(payouts.idempotencyKey, key))),
      ),

    /**
     * Moves a payout on only while it is still in one of `from`: of concurrent callers (a webhook,
     * the verify job, an admin) only the first gets the changed row back, the others null.
     */
    async transition(
      id: string,
      from: readonly PayoutStatus[],
      changes: PayoutChanges & { now: Date },
    ): Promise<PayoutRecord | null> {
      const { now, ...rest } = changes;
      return changeIf(id, inArray(payouts.status, [...from]), { ...rest, updatedAt: now });
    },

    /** Transfer payouts with no conclusive word since `before`, oldest first (the verify job). */
    stale(before: Date, limit: number): Promise<PayoutRecord[]> {
      return db
        .select()
        .from(payouts)
        .where(
          and(
            eq(payouts.method, 'transfer'),
            inArray(payouts.status, ['sending', 'pending', 'otp']),
            lt(
              sql`coalesce(${payouts.lastVerifiedAt}, ${payouts.initiatedAt}, ${payouts.updatedAt})`,
              before,
            ),
          ),
        )
        .orderBy(asc(payouts.updatedAt), asc(payouts.id))
        .limit(limit);
    },

    /** Transfer payouts queued and never handed to the provider (a job lost or not yet run). */
    queued(before: Date, limit: number): Promise<PayoutRecord[]> {
      return db
        .select()
        .from(payouts)
        .where(
          and(
            eq(payouts.method, 'transfer'),
            eq(payouts.status, 'requested'),
            lte(payouts.requestedAt, before),
          ),
        )
        .orderBy(asc(payouts.requestedAt), asc(payouts.id))
        .limit(limit);
    },

    /** Transfer payouts made or still moving in a period (reconciliation). */
    transfersBetween(from: Date, to: Date): Promise<PayoutRecord[]> {
      return db
        .select()
        .from(payouts)
        .where(
          and(
            eq(payouts.method, 'transfer'),
            or(
              and(gte(payouts.requestedAt, from), lte(payouts.requestedAt, to)),
              and(gte(payouts.updatedAt, from), lte(payouts.updatedAt, to)),
            ),
          ),
        )
        .orderBy(asc(payouts.requestedAt), asc(payouts.id));
    },

    /** Local minor units still to leave the provider balance, per currency (queued or in flight). */
    async dueByCurrency(): Promise<{ currency: string; amount: number }[]> {
      const rows = await db
        .select({
          currency: payouts.localCurrency,
          amount: sql<string>`coalesce(sum(${payouts.localAmount}), 0)`,
        })
        .from(payouts)
        .where(
          and(
            eq(payouts.method, 'transfer'),
            inArray(payouts.status, ['requested', 'sending', 'otp']),
            isNotNull(payouts.localCurrency),
          ),
        )
        .groupBy(payouts.localCurrency);
      return rows.map((row) => ({ currency: row.currency ?? '', amount: Number(row.amount) }));
    },

    /** Serializes work on one creator's money (requests, returns) inside a transaction. */
    async lockCreator(userId: string): Promise<void> {
      await db.execute(sql`select id from users where id = ${userId} for update`);
    },

    async findById(id: string): Promise<PayoutRecord | null> {
      const [row] = await db.select().from(payouts).where(eq(payouts.id, id));
      return row ?? null;
    },

    async findAdminRow(id: string): Promise<AdminPayoutRow | null> {
      const [row] = await adminRows().where(eq(payouts.id, id));
      return row ?? null;
    },

    /** Only the first admin marks a request paid, and only one sent by hand. */
    async markPaid(
      id: string,
      adminId: string,
      note: string | null,
      now: Date,
    ): Promise<PayoutRecord | null> {
      const [row] = await db
        .update(payouts)
        .set({ status: 'paid', paidAt: now, paidBy: adminId, note, updatedAt: now })
        .where(and(eq(payouts.id, id), eq(payouts.status, 'requested'), eq(payouts.method, 'manual')))
        .returning();
      return row ?? null;
    },

    /** A creator's payouts, newest first (their payout history). */
    listForCreator(
      creatorUserId: string,
      options: { limit: number; before?: { at: string; id: string } },
    ): Promise<PayoutRecord[]> {
      const key = sql`(${payouts.requestedAt}, ${payouts.id})`;
      return db
        .select()
        .from(payouts)
        .where(
          and(
            eq(payouts.creatorUserId, creatorUserId),
            options.before
              ? sql`${key} < (${options.before.at}::timestamptz, ${options.before.id})`
              : undefined,
          ),
        )
        .orderBy(desc(payouts.requestedAt), desc(payouts.id))
        .limit(options.limit);
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

import { and, asc, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { SubscriberStatus } from '../../../../common/schemas/fan-payments.ts';
import type { Database } from '../../../db/client.ts';
import {
  creatorProfiles,
  creatorSubscriptions,
  fanPayments,
  offerClaims,
  userBlocks,
  users,
} from '../../../db/schema/index.ts';
import { olderThan } from '../../rows.ts';

export type CreatorSubscriptionRecord = typeof creatorSubscriptions.$inferSelect;
export type CreatorSubscriptionChanges = Partial<
  Omit<CreatorSubscriptionRecord, 'id' | 'fanId' | 'creatorId' | 'createdAt'>
>;

const escapeLike = (value: string) => value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

/** The creator's table status (spec "Subscription row"), from the stored state and the clock. */
export const subscriberStatusSql = (now: Date) => sql<SubscriberStatus>`case
  when ${creatorSubscriptions.status} = 'expired' or ${creatorSubscriptions.currentPeriodEnd} <= ${now.toISOString()}::timestamptz then 'Expired'
  when ${creatorSubscriptions.status} in ('canceled', 'unsubscribed') then 'Unsubscribed'
  else 'Subscribed' end`;

/** The current (or last) period is a free trial: an offer claim with no payment that ends with it. */
const trialSql = sql<boolean>`exists (select 1 from ${offerClaims} where ${offerClaims.subscriptionId} = ${creatorSubscriptions.id} and ${offerClaims.paymentId} is null and ${offerClaims.periodEnd} = ${creatorSubscriptions.currentPeriodEnd})`;

export interface SubscriberRow {
  subscription: CreatorSubscriptionRecord;
  /** `handle` and `displayName`: the fan's own creator page, when approved. */
  fan: { id: string; firstName: string; lastName: string; handle: string | null; displayName: string | null };
  status: SubscriberStatus;
  /** The current (or last) period is a free trial claimed from an offer: nothing was charged for it. */
  trial: boolean;
  blocked: boolean;
  /** Refunds of this subscription's payments (owed or sent), in cents. */
  refunded: number;
}

export interface FanSubscriptionRow {
  subscription: CreatorSubscriptionRecord;
  /** The current (or last) period is a free trial: nothing was charged for it. */
  trial: boolean;
  creator: {
    id: string;
    userId: string;
    handle: string;
    displayName: string;
    avatarUrl: string | null;
  };
}

const creatorColumns = {
  id: creatorProfiles.id,
  userId: creatorProfiles.userId,
  handle: creatorProfiles.handle,
  displayName: creatorProfiles.displayName,
  avatarUrl: creatorProfiles.avatarUrl,
};

const subscriberColumns = (now: Date) => ({
  subscription: creatorSubscriptions,
  fan: {
    id: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    handle: sql<
      string | null
    >`(select fcp.handle from ${creatorProfiles} fcp where fcp.user_id = ${users.id} and fcp.status = 'approved')`,
    displayName: sql<
      string | null
    >`(select fcp.display_name from ${creatorProfiles} fcp where fcp.user_id = ${users.id} and fcp.status = 'approved')`,
  },
  status: subscriberStatusSql(now),
  trial: trialSql,
  blocked: sql<boolean>`exists (select 1 from ${userBlocks} where ${userBlocks.blockerId} = ${creatorProfiles.userId} and ${userBlocks.blockedId} = ${users.id})`,
  refunded: sql<string>`coalesce((select sum(${fanPayments.refundAmount}) from ${fanPayments} where ${fanPayments.subscriptionId} = ${creatorSubscriptions.id} and ${fanPayments.status} = 'succeeded' and ${fanPayments.refundStatus} is not null), 0)`,
});

const toSubscriberRow = (row: {
  subscription: CreatorSubscriptionRecord;
  fan: SubscriberRow['fan'];
  status: SubscriberStatus;
  trial: unknown;
  blocked: unknown;
  refunded: unknown;
}): SubscriberRow => ({
  ...row,
  trial: Boolean(row.trial),
  blocked: Boolean(row.blocked),
  refunded: Number(row.refunded ?? 0),
});

export function createFanSubscriptionsRepository(db: Database) {
  return {
    async findById(id: string): Promise<CreatorSubscriptionRecord | null> {
      const [row] = await db.select().from(creatorSubscriptions).where(eq(creatorSubscriptions.id, id));
      return row ?? null;
    },

    /** Takes the row lock: settlements, the job, cancel and unsubscribe of one subscription take turns. */
    async lock(id: string): Promise<CreatorSubscriptionRecord | null> {
      const [row] = await db
        .select()
        .from(creatorSubscriptions)
        .where(eq(creatorSubscriptions.id, id))
        .for('update');
      return row ?? null;
    },

    async find(fanId: string, creatorId: string): Promise<CreatorSubscriptionRecord | null> {
      const [row] = await db
        .select()
        .from(creatorSubscriptions)
        .where(and(eq(creatorSubscriptions.fanId, fanId), eq(creatorSubscriptions.creatorId, creatorId)));
      return row ?? null;
    },

    /**
     * The (fan, creator) row, created empty (expired, no access) when missing, then locked: two
     * settlements for the same pair serialize here.
     */
    async lockPair(fanId: string, creatorId: string, now: Date): Promise<CreatorSubscriptionRecord> {
      await db
        .insert(creatorSubscriptions)
        .values({
          fanId,
          creatorId,
          status: 'expired',
          startedAt: now,
          currentPeriodStart: now,
          currentPeriodEnd: now,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing();
      const [row] = await db
        .select()
        .from(creatorSubscriptions)
        .where(and(eq(creatorSubscriptions.fanId, fanId), eq(creatorSubscriptions.creatorId, creatorId)))
        .for('update');
      if (!row) throw new Error('creator subscription vanished');
      return row;
    },

    async update(id: string, changes: CreatorSubscriptionChanges): Promise<CreatorSubscriptionRecord | null> {
      const [row] = await db
        .update(creatorSubscriptions)
        .set(changes)
        .where(eq(creatorSubscriptions.id, id))
        .returning();
      return row ?? null;
    },

    /**
     * A creator's new monthly price, written in the same transaction as their subscribers' renewal
     * amounts (the row lock makes two changes take turns). Null when the creator is gone.
     */
    async setCreatorMonthlyPrice(
      creatorId: string,
      monthlyPriceCents: number,
      now: Date,
    ): Promise<typeof creatorProfiles.$inferSelect | null> {
      const [row] = await db
        .update(creatorProfiles)
        .set({ monthlyPriceCents, updatedAt: now })
        .where(eq(creatorProfiles.id, creatorId))
        .returning();
      return row ?? null;
    },

    /** A creator's renewing subscriptions (active or past due), locked, in a fixed order. */
    async lockRenewing(creatorId: string): Promise<CreatorSubscriptionRecord[]> {
      return db
        .select()
        .from(creatorSubscriptions)
        .where(
          and(
            eq(creatorSubscriptions.creatorId, creatorId),
            inArray(creatorSubscriptions.status, ['active', 'past_due']),
          ),
        )
        .orderBy(asc(creatorSubscriptions.id))
        .for('update');
    },

    /**
     * What the job moves: renewing subscriptions whose period ends before `renewBefore`, retries due,
     * and cancelled or past-due ones whose period is over.
     */
    async listDue(now: Date, renewBefore: Date, limit: number): Promise<CreatorSubscriptionRecord[]> {
      return db
        .select()
        .from(creatorSubscriptions)
        .where(
          or(
            and(
              eq(creatorSubscriptions.status, 'active'),
              lte(creatorSubscriptions.currentPeriodEnd, renewBefore),
            ),
            and(eq(creatorSubscriptions.status, 'past_due'), lte(creatorSubscriptions.nextRetryAt, now)),
            and(eq(creatorSubscriptions.status, 'canceled'), lte(creatorSubscriptions.currentPeriodEnd, now)),
          ),
        )
        .orderBy(asc(creatorSubscriptions.currentPeriodEnd))
        .limit(limit);
    },

    /** A creator's subscribers (Manage Subscriptions), newest first, filtered. */
    async listSubscribers(
      creatorId: string,
      options: {
        now: Date;
        limit: number;
        query?: string;
        status?: SubscriberStatus;
        from?: Date;
        to?: Date;
        before?: { at: string; id: string };
      },
    ): Promise<SubscriberRow[]> {
      const status = subscriberStatusSql(options.now);
      const pattern = options.query ? `%${escapeLike(options.query)}%` : null;
      const rows = await db
        .select(subscriberColumns(options.now))
        .from(creatorSubscriptions)
        .innerJoin(users, eq(users.id, creatorSubscriptions.fanId))
        .innerJoin(creatorProfiles, eq(creatorProfiles.id, creatorSubscriptions.creatorId))
        .where(
          and(
            eq(creatorSubscriptions.creatorId, creatorId),
            // A row created for a checkout that never paid is nobody's subscription yet.
            sql`${creatorSubscriptions.amount} > 0`,
            pattern
              ? sql`(lower(${users.firstName} || ' ' || ${users.lastName}) like ${pattern} or exists (select 1 from ${creatorProfiles} fcp where fcp.user_id = ${users.id} and fcp.status = 'approved' and (lower(fcp.handle) like ${pattern} or lower(coalesce(fcp.display_name, '')) like ${pattern})))`
              : undefined,
            options.status ? sql`${status} = ${options.status}` : undefined,
            options.from
              ? sql`${creatorSubscriptions.startedAt} >= ${options.from.toISOString()}::timestamptz`
              : undefined,
            options.to
              ? sql`${creatorSubscriptions.startedAt} < ${options.to.toISOString()}::timestamptz`
              : undefined,
            olderThan(creatorSubscriptions.startedAt, creatorSubscriptions.id, options.before),
          ),
        )
        .orderBy(desc(creatorSubscriptions.startedAt), desc(creatorSubscriptions.id))
        .limit(options.limit);
      return rows.map(toSubscriberRow);
    },

    async findSubscriber(id: string, now: Date): Promise<SubscriberRow | null> {
      const [row] = await db
        .select(subscriberColumns(now))
        .from(creatorSubscriptions)
        .innerJoin(users, eq(users.id, creatorSubscriptions.fanId))
        .innerJoin(creatorProfiles, eq(creatorProfiles.id, creatorSubscriptions.creatorId))
        .where(eq(creatorSubscriptions.id, id));
      return row ? toSubscriberRow(row) : null;
    },

    /** A fan's subscriptions (paid at least once), newest first. */
    async listForFan(
      fanId: string,
      options: { limit: number; before?: { at: string; id: string } },
    ): Promise<FanSubscriptionRow[]> {
      return db
        .select({ subscription: creatorSubscriptions, creator: creatorColumns, trial: trialSql })
        .from(creatorSubscriptions)
        .innerJoin(creatorProfiles, eq(creatorProfiles.id, creatorSubscriptions.creatorId))
        .where(
          and(
            eq(creatorSubscriptions.fanId, fanId),
            sql`${creatorSubscriptions.amount} > 0`,
            olderThan(creatorSubscriptions.startedAt, creatorSubscriptions.id, options.before),
          ),
        )
        .orderBy(desc(creatorSubscriptions.startedAt), desc(creatorSubscriptions.id))
        .limit(options.limit)
        .then((rows) => rows.map((row) => ({ ...row, trial: Boolean(row.trial) })));
    },

    async findForFan(id: string): Promise<FanSubscriptionRow | null> {
      const [row] = await db
        .select({ subscription: creatorSubscriptions, creator: creatorColumns, trial: trialSql })
        .from(creatorSubscriptions)
        .innerJoin(creatorProfiles, eq(creatorProfiles.id, creatorSubscriptions.creatorId))
        .where(eq(creatorSubscriptions.id, id));
      return row ? { ...row, trial: Boolean(row.trial) } : null;
    },

    /** Rows of these statuses (tests and the block rules use it). */
    async countByStatus(creatorId: string, statuses: CreatorSubscriptionRecord['status'][]): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(creatorSubscriptions)
        .where(
          and(eq(creatorSubscriptions.creatorId, creatorId), inArray(creatorSubscriptions.status, statuses)),
        );
      return row?.n ?? 0;
    },
  };
}

export type FanSubscriptionsRepository = ReturnType<typeof createFanSubscriptionsRepository>;

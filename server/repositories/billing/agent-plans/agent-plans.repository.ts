import { and, asc, desc, eq, inArray, isNotNull, lte, or } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { subscriptions, users } from '../../../db/schema/index.ts';

export type SubscriptionRecord = typeof subscriptions.$inferSelect;
export type NewSubscription = Omit<typeof subscriptions.$inferInsert, 'id' | 'updatedAt'>;
export type SubscriptionChanges = Partial<Omit<SubscriptionRecord, 'id' | 'userId' | 'createdAt'>>;

const live = ['trialing', 'active', 'past_due'] as const;

export function createSubscriptionsRepository(db: Database) {
  return {
    /**
     * Serialises every change to one user's plan (inside a transaction): checkouts settling at the
     * same time, the renewal job and the user's own cancel take turns.
     */
    async lockOwner(userId: string): Promise<void> {
      await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    },

    async ownerEmail(userId: string): Promise<string | null> {
      const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      return row?.email ?? null;
    },

    async findLive(userId: string): Promise<SubscriptionRecord | null> {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, live)));
      return row ?? null;
    },

    /** The newest plan of a user, live or ended. */
    async findLatest(userId: string): Promise<SubscriptionRecord | null> {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.userId, userId))
        .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
        .limit(1);
      return row ?? null;
    },

    async findById(id: string): Promise<SubscriptionRecord | null> {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
      return row ?? null;
    },

    async hasHadTrial(userId: string): Promise<boolean> {
      const rows = await db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), isNotNull(subscriptions.trialEnd)))
        .limit(1);
      return rows.length > 0;
    },

    async create(subscription: NewSubscription): Promise<SubscriptionRecord> {
      const [row] = await db
        .insert(subscriptions)
        .values({ ...subscription, updatedAt: subscription.createdAt })
        .returning();
      if (!row) throw new Error('subscription insert returned nothing');
      return row;
    },

    async update(id: string, changes: SubscriptionChanges): Promise<SubscriptionRecord | null> {
      const [row] = await db.update(subscriptions).set(changes).where(eq(subscriptions.id, id)).returning();
      return row ?? null;
    },

    /** Plans whose period (or trial) has ended, and failed renewals due for another try. */
    listDue(now: Date, limit: number): Promise<SubscriptionRecord[]> {
      return db
        .select()
        .from(subscriptions)
        .where(
          or(
            and(
              inArray(subscriptions.status, ['trialing', 'active']),
              lte(subscriptions.currentPeriodEnd, now),
            ),
            and(eq(subscriptions.status, 'past_due'), lte(subscriptions.nextRetryAt, now)),
          ),
        )
        .orderBy(asc(subscriptions.currentPeriodEnd))
        .limit(limit);
    },
  };
}

export type SubscriptionsRepository = ReturnType<typeof createSubscriptionsRepository>;

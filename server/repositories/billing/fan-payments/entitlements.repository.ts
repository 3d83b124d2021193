import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { creatorSubscriptions, postPurchases } from '../../../db/schema/index.ts';

/** The facts entitlement decisions rest on: live subscriptions and pay-per-view purchases. */
export function createEntitlementsRepository(db: Database) {
  return {
    /** Creators among these that the fan may see subscriber posts of at `now`. */
    async subscribedAmong(fanId: string, creatorIds: string[], now: Date): Promise<Set<string>> {
      if (creatorIds.length === 0) return new Set();
      const rows = await db
        .select({ creatorId: creatorSubscriptions.creatorId })
        .from(creatorSubscriptions)
        .where(
          and(
            eq(creatorSubscriptions.fanId, fanId),
            inArray(creatorSubscriptions.creatorId, creatorIds),
            // past_due: a renewal is being retried; the period already paid for still counts.
            inArray(creatorSubscriptions.status, ['active', 'past_due', 'canceled']),
            gt(creatorSubscriptions.currentPeriodEnd, now),
          ),
        );
      return new Set(rows.map((row) => row.creatorId));
    },

    async purchasedAmong(fanId: string, postIds: string[]): Promise<Set<string>> {
      if (postIds.length === 0) return new Set();
      const rows = await db
        .select({ postId: postPurchases.postId })
        .from(postPurchases)
        .where(and(eq(postPurchases.fanId, fanId), inArray(postPurchases.postId, postIds)));
      return new Set(rows.map((row) => row.postId));
    },

    /** Test and admin tooling until checkout writes these (fan payments). */
    async grantSubscription(fanId: string, creatorId: string, periodEnd: Date, now: Date): Promise<void> {
      await db
        .insert(creatorSubscriptions)
        .values({
          fanId,
          creatorId,
          status: 'active',
          currentPeriodEnd: periodEnd,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [creatorSubscriptions.fanId, creatorSubscriptions.creatorId],
          set: { status: 'active', currentPeriodEnd: periodEnd, updatedAt: now },
        });
    },

    async grantPurchase(fanId: string, postId: string, now: Date): Promise<void> {
      await db.insert(postPurchases).values({ fanId, postId, createdAt: now }).onConflictDoNothing();
    },
  };
}

export type EntitlementsRepository = ReturnType<typeof createEntitlementsRepository>;

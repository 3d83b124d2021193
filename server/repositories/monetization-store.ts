import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { postPurchases } from '../db/schema/index.ts';
import { createCreatorSubscriptionsRepository } from './creator-subscriptions.repository.ts';
import { createFanPaymentsRepository } from './fan-payments.repository.ts';
import { createMonetizationLedgerRepository } from './monetization-ledger.repository.ts';
import { createPaymentEventsRepository } from './payment-events.repository.ts';
import { createPayoutsRepository } from './payouts.repository.ts';

/** Pay-per-view purchases as checkout writes them (permanent; a chargeback takes one back). */
function createPurchasesRepository(db: Database) {
  return {
    /** False when the fan already owns the post. */
    async grant(fanId: string, postId: string, paymentId: string, now: Date): Promise<boolean> {
      const rows = await db
        .insert(postPurchases)
        .values({ fanId, postId, paymentId, createdAt: now })
        .onConflictDoNothing()
        .returning({ postId: postPurchases.postId });
      return rows.length > 0;
    },

    async owns(fanId: string, postId: string): Promise<boolean> {
      const [row] = await db
        .select({ postId: postPurchases.postId })
        .from(postPurchases)
        .where(and(eq(postPurchases.fanId, fanId), eq(postPurchases.postId, postId)));
      return row !== undefined;
    },

    async revokeByPayment(paymentId: string): Promise<void> {
      await db.delete(postPurchases).where(eq(postPurchases.paymentId, paymentId));
    },

    /** Serializes work on one buyer's money (settlements, refunds) inside a transaction. */
    async lockUser(userId: string): Promise<void> {
      await db.execute(sql`select id from users where id = ${userId} for update`);
    },
  };
}

function repositories(db: Database) {
  return {
    payments: createFanPaymentsRepository(db),
    subscriptions: createCreatorSubscriptionsRepository(db),
    purchases: createPurchasesRepository(db),
    ledger: createMonetizationLedgerRepository(db),
    payouts: createPayoutsRepository(db),
    events: createPaymentEventsRepository(db),
  };
}

export type MonetizationRepositories = ReturnType<typeof repositories>;

/**
 * The monetization unit of work: repositories on the plain connection, and `withTransaction`, which
 * hands the same repositories bound to one transaction. A payment's state change, its effect
 * (subscription period, purchase) and its ledger rows are written together or not at all.
 */
export function createMonetizationStore(db: Database) {
  return {
    ...repositories(db),
    withTransaction<T>(work: (tx: MonetizationRepositories) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(repositories(tx)));
    },
  };
}

export type MonetizationStore = ReturnType<typeof createMonetizationStore>;

import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { messagePurchases, postPurchases } from '../../../db/schema/index.ts';
import { unitOfWork } from '../../rows.ts';
import { billingCoreRepositories } from '../core/billing-core.ts';
import { createPayoutsRepository } from '../payouts/payouts.repository.ts';
import { createFanPaymentsRepository } from './fan-payments.repository.ts';
import { createFanSubscriptionsRepository } from './fan-subscriptions.repository.ts';
import { createOffersRepository } from './offers.repository.ts';
import { createSavedCardsRepository } from './saved-cards.repository.ts';
import { createTipsRepository } from './tips.repository.ts';

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

    /** False when the fan already owns the message. */
    async grantMessage(fanId: string, messageId: string, paymentId: string, now: Date): Promise<boolean> {
      const rows = await db
        .insert(messagePurchases)
        .values({ fanId, messageId, paymentId, createdAt: now })
        .onConflictDoNothing()
        .returning({ messageId: messagePurchases.messageId });
      return rows.length > 0;
    },

    async ownsMessage(fanId: string, messageId: string): Promise<boolean> {
      const [row] = await db
        .select({ messageId: messagePurchases.messageId })
        .from(messagePurchases)
        .where(and(eq(messagePurchases.fanId, fanId), eq(messagePurchases.messageId, messageId)));
      return row !== undefined;
    },

    /** A chargeback takes back what the payment bought: a post or a message. */
    async revokeByPayment(paymentId: string): Promise<void> {
      await db.delete(postPurchases).where(eq(postPurchases.paymentId, paymentId));
      await db.delete(messagePurchases).where(eq(messagePurchases.paymentId, paymentId));
    },

    /** Serializes work on one buyer's money (settlements, refunds) inside a transaction. */
    async lockUser(userId: string): Promise<void> {
      await db.execute(sql`select id from users where id = ${userId} for update`);
    },
  };
}

const repositories = (db: Database) => ({
  ...billingCoreRepositories(db),
  payments: createFanPaymentsRepository(db),
  subscriptions: createFanSubscriptionsRepository(db),
  purchases: createPurchasesRepository(db),
  payouts: createPayoutsRepository(db),
  tips: createTipsRepository(db),
  offers: createOffersRepository(db),
  savedCards: createSavedCardsRepository(db),
});

export type FanPaymentRepositories = ReturnType<typeof repositories>;

/**
 * The fan payments' unit of work (`unitOfWork` in rows.ts): a payment's state change, its effect
 * (subscription period, purchase) and its ledger rows are written together or not at all.
 */
export const createFanPaymentsStore = (db: Database) => unitOfWork(db, repositories);

export type FanPaymentsStore = ReturnType<typeof createFanPaymentsStore>;

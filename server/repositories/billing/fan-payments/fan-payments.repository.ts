import { and, asc, desc, eq, gt, inArray, isNotNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client.ts';
import { fanPayments, users } from '../../../db/schema/index.ts';
import { conditionalUpdate, firstRow, unlessTaken } from '../../rows.ts';

export type FanPaymentRecord = typeof fanPayments.$inferSelect;
/** What one open checkout is for: a post, a message, a subscription to a creator, or a tip's key. */
export type FanCheckoutTarget =
  | { postId: string }
  | { messageId: string }
  | { creatorUserId: string }
  | { idempotencyKey: string };
export type NewFanPayment = Omit<
  typeof fanPayments.$inferInsert,
  'id' | 'status' | 'updatedAt' | 'refundedAmount'
>;
export type FanProviderDetails = Pick<
  FanPaymentRecord,
  'providerTransactionId' | 'authorizationCode' | 'customerCode' | 'cardBrand' | 'cardLast4' | 'paidAt'
>;

/** States a provider's "paid" can still move a payment out of (a left checkout may be paid later). */
const OPEN: FanPaymentRecord['status'][] = ['pending', 'abandoned'];

type FanPaymentChanges = PgUpdateSetSource<typeof fanPayments>;

/** A refund a caller claimed for sending and has not finished. */
const sending = eq(fanPayments.refundStatus, 'sending');
const notChargedBack = sql`${fanPayments.chargedBackAt} is null`;
/** Refunds to send: owed, or claimed by a process that died before `staleBefore`. */
const refundDue = (staleBefore: Date) =>
  or(eq(fanPayments.refundStatus, 'owed'), and(sending, lt(fanPayments.refundClaimedAt, staleBefore)));

export function createFanPaymentsRepository(db: Database) {
  const first = (where: SQL | undefined) => firstRow(db.select().from(fanPayments).where(where));

  const changeIf = conditionalUpdate(db, fanPayments);

  /** The one place a payment leaves pending/abandoned. */
  const leaveOpen = (id: string, changes: FanPaymentChanges) =>
    changeIf(id, inArray(fanPayments.status, OPEN), changes);

  return {
    /**
     * A new checkout, or null when one is already open for the same thing (the partial unique
     * indexes on pending unlocks and subscription checkouts): the caller answers that one.
     */
    createCheckout: (payment: NewFanPayment): Promise<FanPaymentRecord | null> =>
      unlessTaken(
        db
          .insert(fanPayments)
          .values({ ...payment, updatedAt: payment.createdAt })
          .returning(),
      ),

    /** Null when a payment with this reference exists already (another worker took this charge). */
    createIfAbsent: (payment: NewFanPayment): Promise<FanPaymentRecord | null> =>
      firstRow(
        db
          .insert(fanPayments)
          .values({ ...payment, updatedAt: payment.createdAt })
          .onConflictDoNothing()
          .returning(),
      ),

    findById: (id: string) => first(eq(fanPayments.id, id)),

    findByReference: (provider: string, reference: string) =>
      first(
        and(
          eq(fanPayments.provider, provider as FanPaymentRecord['provider']),
          eq(fanPayments.reference, reference),
        ),
      ),

    /**
     * The open checkout of this fan for this post, for a subscription to this creator, or for the
     * tip with this client key.
     */
    findPendingCheckout: (fanId: string, target: FanCheckoutTarget) =>
      first(
        and(
          eq(fanPayments.fanId, fanId),
          eq(fanPayments.status, 'pending'),
          'postId' in target
            ? and(eq(fanPayments.purpose, 'post_unlock'), eq(fanPayments.postId, target.postId))
            : 'messageId' in target
              ? and(eq(fanPayments.purpose, 'message_unlock'), eq(fanPayments.messageId, target.messageId))
              : 'idempotencyKey' in target
                ? eq(fanPayments.idempotencyKey, target.idempotencyKey)
                : and(
                    eq(fanPayments.purpose, 'subscription_start'),
                    eq(fanPayments.creatorUserId, target.creatorUserId),
                  ),
        ),
      ),

    /** The fan's payment made with this client key (a tip), whatever its status. */
    findByIdempotencyKey: (fanId: string, key: string) =>
      first(and(eq(fanPayments.fanId, fanId), eq(fanPayments.idempotencyKey, key))),

    async setAuthorizationUrl(id: string, url: string, now: Date): Promise<void> {
      await db
        .update(fanPayments)
        .set({ authorizationUrl: url, updatedAt: now })
        .where(eq(fanPayments.id, id));
    },

    /** An open checkout the fan left (or that could not start) stops blocking a new one. */
    markAbandoned: (id: string, reason: string, now: Date) =>
      changeIf(id, eq(fanPayments.status, 'pending'), {
        status: 'abandoned',
        failureReason: reason,
        updatedAt: now,
      }),

    markSucceeded(
      id: string,
      details: FanProviderDetails & {
        feeAmount: number;
        periodStart: Date | null;
        periodEnd: Date | null;
        subscriptionId: string | null;
      },
      now: Date,
    ) {
      return leaveOpen(id, { ...details, status: 'succeeded', updatedAt: now });
    },

    markFailed(id: string, reason: string, now: Date) {
      return leaveOpen(id, { status: 'failed', failureReason: reason, updatedAt: now });
    },

    /** Money arrived but buys nothing (wrong amount, already bought): refunded in full. */
    markRefused(id: string, reason: string, details: FanProviderDetails, receivedAmount: number, now: Date) {
      return leaveOpen(id, {
        ...details,
        status: 'refused',
        failureReason: reason,
        refundStatus: 'owed',
        refundAmount: receivedAmount,
        updatedAt: now,
      });
    },

    /** Succeeded payments of a subscription whose paid time has not all passed (pro-rata refunds). */
    async listCovering(subscriptionId: string, now: Date): Promise<FanPaymentRecord[]> {
      return db
        .select()
        .from(fanPayments)
        .where(
          and(
            eq(fanPayments.subscriptionId, subscriptionId),
            eq(fanPayments.status, 'succeeded'),
            gt(fanPayments.periodEnd, now),
          ),
        )
        .orderBy(asc(fanPayments.periodStart));
    },

    /** Asks for a refund of `amount` once: only a payment with no refund yet is claimed. */
    async owe(id: string, amount: number, now: Date): Promise<boolean> {
      const claimed = await changeIf(id, and(sql`${fanPayments.refundStatus} is null`, notChargedBack), {
        refundStatus: 'owed',
        refundAmount: amount,
        updatedAt: now,
      });
      return claimed !== null;
    },

    /**
     * One caller sends an owed refund to the provider. A claim older than `staleBefore` (a process
     * that died mid-call) may be taken again.
     */
    claimRefund: (id: string, now: Date, staleBefore: Date) =>
      changeIf(id, refundDue(staleBefore), { refundStatus: 'sending', refundClaimedAt: now, updatedAt: now }),

    async releaseRefund(id: string, now: Date): Promise<void> {
      await changeIf(id, sending, { refundStatus: 'owed', refundClaimedAt: null, updatedAt: now });
    },

    /** A refund that will never be sent (the provider took the whole payment back meanwhile). */
    async dropRefund(id: string, now: Date): Promise<void> {
      await changeIf(id, sending, {
        refundStatus: null,
        refundAmount: null,
        refundClaimedAt: null,
        updatedAt: now,
      });
    },

    markRefunded: (id: string, now: Date) =>
      changeIf(id, sending, {
        refundStatus: 'refunded',
        refundedAmount: sql`${fanPayments.refundedAmount} + coalesce(${fanPayments.refundAmount}, 0)`,
        refundedAt: now,
        updatedAt: now,
      }),

    markChargedBack: (id: string, now: Date) =>
      changeIf(id, and(eq(fanPayments.status, 'succeeded'), notChargedBack), {
        chargedBackAt: now,
        updatedAt: now,
      }),

    async listRefundsDue(staleBefore: Date, limit: number): Promise<FanPaymentRecord[]> {
      return db
        .select()
        .from(fanPayments)
        .where(refundDue(staleBefore))
        .orderBy(asc(fanPayments.updatedAt))
        .limit(limit);
    },

    /** Checkouts nobody finished (or renewals nobody answered) since before `before`. */
    async listStalePending(before: Date, limit: number): Promise<FanPaymentRecord[]> {
      return db
        .select()
        .from(fanPayments)
        .where(and(eq(fanPayments.status, 'pending'), lte(fanPayments.createdAt, before)))
        .orderBy(asc(fanPayments.createdAt))
        .limit(limit);
    },

    async emailOf(userId: string): Promise<string | null> {
      return (
        (await firstRow(db.select({ email: users.email }).from(users).where(eq(users.id, userId))))?.email ??
        null
      );
    },

    /** The fan's latest card on a succeeded payment (for display only). */
    latestSucceeded: (fanId: string) =>
      firstRow(
        db
          .select()
          .from(fanPayments)
          .where(
            and(
              eq(fanPayments.fanId, fanId),
              eq(fanPayments.status, 'succeeded'),
              isNotNull(fanPayments.paidAt),
            ),
          )
          .orderBy(desc(fanPayments.paidAt))
          .limit(1),
      ),
  };
}

export type FanPaymentsRepository = ReturnType<typeof createFanPaymentsRepository>;

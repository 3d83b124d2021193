import { and, asc, desc, eq, gt, inArray, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { fanPayments, users } from '../db/schema/index.ts';
import { isUniqueViolation } from './unique-violation.ts';

export type FanPaymentRecord = typeof fanPayments.$inferSelect;
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

export function createFanPaymentsRepository(db: Database) {
  /** The one place a payment leaves pending/abandoned: only the first caller gets the row back. */
  async function leaveOpen(
    id: string,
    changes: Partial<Omit<FanPaymentRecord, 'id' | 'createdAt'>>,
  ): Promise<FanPaymentRecord | null> {
    const [row] = await db
      .update(fanPayments)
      .set(changes)
      .where(and(eq(fanPayments.id, id), inArray(fanPayments.status, OPEN)))
      .returning();
    return row ?? null;
  }

  return {
    /**
     * A new checkout, or null when one is already open for the same thing (the partial unique
     * indexes on pending unlocks and subscription checkouts): the caller answers that one.
     */
    async createCheckout(payment: NewFanPayment): Promise<FanPaymentRecord | null> {
      try {
        const [row] = await db
          .insert(fanPayments)
          .values({ ...payment, updatedAt: payment.createdAt })
          .returning();
        return row ?? null;
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },

    /** Null when a payment with this reference exists already (another worker took this charge). */
    async createIfAbsent(payment: NewFanPayment): Promise<FanPaymentRecord | null> {
      const [row] = await db
        .insert(fanPayments)
        .values({ ...payment, updatedAt: payment.createdAt })
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },

    async findById(id: string): Promise<FanPaymentRecord | null> {
      const [row] = await db.select().from(fanPayments).where(eq(fanPayments.id, id));
      return row ?? null;
    },

    async findByReference(provider: string, reference: string): Promise<FanPaymentRecord | null> {
      const [row] = await db
        .select()
        .from(fanPayments)
        .where(
          and(
            eq(fanPayments.provider, provider as FanPaymentRecord['provider']),
            eq(fanPayments.reference, reference),
          ),
        );
      return row ?? null;
    },

    /** The open checkout of this fan for this post, or for a subscription to this creator. */
    async findPendingCheckout(
      fanId: string,
      target: { postId: string } | { creatorUserId: string },
    ): Promise<FanPaymentRecord | null> {
      const [row] = await db
        .select()
        .from(fanPayments)
        .where(
          and(
            eq(fanPayments.fanId, fanId),
            eq(fanPayments.status, 'pending'),
            'postId' in target
              ? and(eq(fanPayments.purpose, 'post_unlock'), eq(fanPayments.postId, target.postId))
              : and(
                  eq(fanPayments.purpose, 'subscription_start'),
                  eq(fanPayments.creatorUserId, target.creatorUserId),
                ),
          ),
        );
      return row ?? null;
    },

    async setAuthorizationUrl(id: string, url: string, now: Date): Promise<void> {
      await db
        .update(fanPayments)
        .set({ authorizationUrl: url, updatedAt: now })
        .where(eq(fanPayments.id, id));
    },

    /** An open checkout the fan left (or that could not start) stops blocking a new one. */
    async markAbandoned(id: string, reason: string, now: Date): Promise<FanPaymentRecord | null> {
      const [row] = await db
        .update(fanPayments)
        .set({ status: 'abandoned', failureReason: reason, updatedAt: now })
        .where(and(eq(fanPayments.id, id), eq(fanPayments.status, 'pending')))
        .returning();
      return row ?? null;
    },

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
      const rows = await db
        .update(fanPayments)
        .set({ refundStatus: 'owed', refundAmount: amount, updatedAt: now })
        .where(
          and(
            eq(fanPayments.id, id),
            sql`${fanPayments.refundStatus} is null`,
            sql`${fanPayments.chargedBackAt} is null`,
          ),
        )
        .returning({ id: fanPayments.id });
      return rows.length > 0;
    },

    /**
     * One caller sends an owed refund to the provider. A claim older than `staleBefore` (a process
     * that died mid-call) may be taken again.
     */
    async claimRefund(id: string, now: Date, staleBefore: Date): Promise<FanPaymentRecord | null> {
      const [row] = await db
        .update(fanPayments)
        .set({ refundStatus: 'sending', refundClaimedAt: now, updatedAt: now })
        .where(
          and(
            eq(fanPayments.id, id),
            or(
              eq(fanPayments.refundStatus, 'owed'),
              and(eq(fanPayments.refundStatus, 'sending'), lt(fanPayments.refundClaimedAt, staleBefore)),
            ),
          ),
        )
        .returning();
      return row ?? null;
    },

    async releaseRefund(id: string, now: Date): Promise<void> {
      await db
        .update(fanPayments)
        .set({ refundStatus: 'owed', refundClaimedAt: null, updatedAt: now })
        .where(and(eq(fanPayments.id, id), eq(fanPayments.refundStatus, 'sending')));
    },

    /** A refund that will never be sent (the provider took the whole payment back meanwhile). */
    async dropRefund(id: string, now: Date): Promise<void> {
      await db
        .update(fanPayments)
        .set({ refundStatus: null, refundAmount: null, refundClaimedAt: null, updatedAt: now })
        .where(and(eq(fanPayments.id, id), eq(fanPayments.refundStatus, 'sending')));
    },

    async markRefunded(id: string, now: Date): Promise<FanPaymentRecord | null> {
      const [row] = await db
        .update(fanPayments)
        .set({
          refundStatus: 'refunded',
          refundedAmount: sql`${fanPayments.refundedAmount} + coalesce(${fanPayments.refundAmount}, 0)`,
          refundedAt: now,
          updatedAt: now,
        })
        .where(and(eq(fanPayments.id, id), eq(fanPayments.refundStatus, 'sending')))
        .returning();
      return row ?? null;
    },

    async markChargedBack(id: string, now: Date): Promise<FanPaymentRecord | null> {
      const [row] = await db
        .update(fanPayments)
        .set({ chargedBackAt: now, updatedAt: now })
        .where(
          and(
            eq(fanPayments.id, id),
            eq(fanPayments.status, 'succeeded'),
            sql`${fanPayments.chargedBackAt} is null`,
          ),
        )
        .returning();
      return row ?? null;
    },

    async listRefundsDue(staleBefore: Date, limit: number): Promise<FanPaymentRecord[]> {
      return db
        .select()
        .from(fanPayments)
        .where(
          or(
            eq(fanPayments.refundStatus, 'owed'),
            and(eq(fanPayments.refundStatus, 'sending'), lt(fanPayments.refundClaimedAt, staleBefore)),
          ),
        )
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
      const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      return row?.email ?? null;
    },

    /** The fan's latest card on a succeeded payment (for display only). */
    async latestSucceeded(fanId: string): Promise<FanPaymentRecord | null> {
      const [row] = await db
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
        .limit(1);
      return row ?? null;
    },
  };
}

export type FanPaymentsRepository = ReturnType<typeof createFanPaymentsRepository>;

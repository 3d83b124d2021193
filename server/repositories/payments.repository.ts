import { and, asc, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { payments } from '../db/schema/index.ts';

export type PaymentRecord = typeof payments.$inferSelect;
export type NewPayment = Omit<typeof payments.$inferInsert, 'id' | 'status' | 'updatedAt'>;
export type ProviderDetails = Pick<
  PaymentRecord,
  'providerTransactionId' | 'authorizationCode' | 'customerCode' | 'cardBrand' | 'cardLast4' | 'paidAt'
>;

export function createPaymentsRepository(db: Database) {
  /** The one place a payment leaves `pending`: only the first caller gets the row back. */
  async function leavePending(
    id: string,
    changes: Partial<Omit<PaymentRecord, 'id' | 'createdAt'>>,
  ): Promise<PaymentRecord | null> {
    const [row] = await db
      .update(payments)
      .set(changes)
      .where(and(eq(payments.id, id), eq(payments.status, 'pending')))
      .returning();
    return row ?? null;
  }

  return {
    async create(payment: NewPayment): Promise<PaymentRecord> {
      const [row] = await db
        .insert(payments)
        .values({ ...payment, updatedAt: payment.createdAt })
        .returning();
      if (!row) throw new Error('payment insert returned nothing');
      return row;
    },

    /** Null when a payment with this reference exists already (another worker took this charge). */
    async createIfAbsent(payment: NewPayment): Promise<PaymentRecord | null> {
      const [row] = await db
        .insert(payments)
        .values({ ...payment, updatedAt: payment.createdAt })
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },

    async findByReference(
      provider: PaymentRecord['provider'],
      reference: string,
    ): Promise<PaymentRecord | null> {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider), eq(payments.reference, reference)));
      return row ?? null;
    },

    async findById(id: string): Promise<PaymentRecord | null> {
      const [row] = await db.select().from(payments).where(eq(payments.id, id));
      return row ?? null;
    },

    markSucceeded: (id: string, details: ProviderDetails, now: Date) =>
      leavePending(id, { ...details, status: 'succeeded', updatedAt: now }),

    markFailed: (id: string, reason: string, now: Date) =>
      leavePending(id, { status: 'failed', failureReason: reason, updatedAt: now }),

    /** Money arrived but gives no value (wrong amount, or nothing left to activate); it is refunded. */
    markRefused: (id: string, reason: string, details: ProviderDetails, now: Date) =>
      leavePending(id, { ...details, status: 'refused', failureReason: reason, updatedAt: now }),

    async attachSubscription(id: string, subscriptionId: string): Promise<void> {
      await db.update(payments).set({ subscriptionId }).where(eq(payments.id, id));
    },

    /** Claims the refund of a payment; only one caller wins it. */
    async claimRefund(id: string, now: Date): Promise<PaymentRecord | null> {
      const [row] = await db
        .update(payments)
        .set({ refundStatus: 'requested', updatedAt: now })
        .where(and(eq(payments.id, id), isNull(payments.refundStatus)))
        .returning();
      return row ?? null;
    },

    async releaseRefund(id: string): Promise<void> {
      await db
        .update(payments)
        .set({ refundStatus: null })
        .where(and(eq(payments.id, id), eq(payments.refundStatus, 'requested')));
    },

    async markRefunded(id: string, now: Date): Promise<PaymentRecord | null> {
      const [row] = await db
        .update(payments)
        .set({ refundStatus: 'refunded', refundedAt: now, updatedAt: now })
        .where(and(eq(payments.id, id), eq(payments.refundStatus, 'requested')))
        .returning();
      return row ?? null;
    },

    /** Card checks and refused payments whose refund has not been made yet. */
    listAwaitingRefund(limit: number): Promise<PaymentRecord[]> {
      return db
        .select()
        .from(payments)
        .where(
          and(
            isNull(payments.refundStatus),
            or(
              and(eq(payments.purpose, 'trial_authorization'), eq(payments.status, 'succeeded')),
              eq(payments.status, 'refused'),
            ),
          ),
        )
        .orderBy(asc(payments.createdAt))
        .limit(limit);
    },

    /** Renewal charges the provider has not settled yet, oldest first. */
    listPendingRenewals(createdBefore: Date, limit: number): Promise<PaymentRecord[]> {
      return db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.status, 'pending'),
            inArray(payments.purpose, ['renewal']),
            lte(payments.createdAt, createdBefore),
          ),
        )
        .orderBy(asc(payments.createdAt))
        .limit(limit);
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;

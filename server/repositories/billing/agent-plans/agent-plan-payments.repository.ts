import { and, asc, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client.ts';
import { payments } from '../../../db/schema/index.ts';
import { conditionalUpdate, firstRow } from '../../rows.ts';

export type PaymentRecord = typeof payments.$inferSelect;
export type NewPayment = Omit<typeof payments.$inferInsert, 'id' | 'status' | 'updatedAt'>;
export type ProviderDetails = Pick<
  PaymentRecord,
  'providerTransactionId' | 'authorizationCode' | 'customerCode' | 'cardBrand' | 'cardLast4' | 'paidAt'
>;

export function createPaymentsRepository(db: Database) {
  const changeIf = conditionalUpdate(db, payments);
  /** The one place a payment leaves `pending`. */
  const leavePending = (id: string, changes: PgUpdateSetSource<typeof payments>) =>
    changeIf(id, eq(payments.status, 'pending'), changes);
  const refundRequested = eq(payments.refundStatus, 'requested');

  return {
    async create(payment: NewPayment): Promise<PaymentRecord> {
      const row = await firstRow(
        db
          .insert(payments)
          .values({ ...payment, updatedAt: payment.createdAt })
          .returning(),
      );
      if (!row) throw new Error('payment insert returned nothing');
      return row;
    },

    /** Null when a payment with this reference exists already (another worker took this charge). */
    createIfAbsent: (payment: NewPayment): Promise<PaymentRecord | null> =>
      firstRow(
        db
          .insert(payments)
          .values({ ...payment, updatedAt: payment.createdAt })
          .onConflictDoNothing()
          .returning(),
      ),

    findByReference: (provider: PaymentRecord['provider'], reference: string) =>
      firstRow(
        db
          .select()
          .from(payments)
          .where(and(eq(payments.provider, provider), eq(payments.reference, reference))),
      ),

    findById: (id: string) => firstRow(db.select().from(payments).where(eq(payments.id, id))),

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
    claimRefund: (id: string, now: Date) =>
      changeIf(id, isNull(payments.refundStatus), { refundStatus: 'requested', updatedAt: now }),

    async releaseRefund(id: string): Promise<void> {
      await changeIf(id, refundRequested, { refundStatus: null });
    },

    markRefunded: (id: string, now: Date) =>
      changeIf(id, refundRequested, { refundStatus: 'refunded', refundedAt: now, updatedAt: now }),

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

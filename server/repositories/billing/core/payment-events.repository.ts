import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { paymentEvents } from '../../../db/schema/index.ts';

export type PaymentEventRecord = typeof paymentEvents.$inferSelect;
export type NewPaymentEvent = Omit<typeof paymentEvents.$inferInsert, 'id' | 'outcome' | 'processedAt'>;

export function createPaymentEventsRepository(db: Database) {
  return {
    /** Stores an event once; null when (provider, event_key) was already received. */
    async record(event: NewPaymentEvent): Promise<PaymentEventRecord | null> {
      const [row] = await db.insert(paymentEvents).values(event).onConflictDoNothing().returning();
      return row ?? null;
    },

    /** Gives an event's key back (an event that changed nothing yet may come again and count). */
    async remove(id: string): Promise<void> {
      await db.delete(paymentEvents).where(eq(paymentEvents.id, id));
    },

    async setOutcome(id: string, outcome: string, now: Date): Promise<void> {
      await db.update(paymentEvents).set({ outcome, processedAt: now }).where(eq(paymentEvents.id, id));
    },

    async find(
      provider: PaymentEventRecord['provider'],
      eventKey: string,
    ): Promise<PaymentEventRecord | null> {
      const [row] = await db
        .select()
        .from(paymentEvents)
        .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventKey, eventKey)));
      return row ?? null;
    },
  };
}

export type PaymentEventsRepository = ReturnType<typeof createPaymentEventsRepository>;

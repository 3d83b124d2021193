import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { exchangeRates } from '../../../db/schema/index.ts';
import { firstRow } from '../../rows.ts';

export type ExchangeRateRecord = typeof exchangeRates.$inferSelect;

/** Rates admins set; the newest per currency is in force, the older ones stay for the record. */
export function createExchangeRatesRepository(db: Database) {
  return {
    latest: (currency: string): Promise<ExchangeRateRecord | null> =>
      firstRow(
        db
          .select()
          .from(exchangeRates)
          .where(eq(exchangeRates.currency, currency))
          .orderBy(desc(exchangeRates.setAt), desc(exchangeRates.id))
          .limit(1),
      ),

    async add(rate: Omit<typeof exchangeRates.$inferInsert, 'id'>): Promise<ExchangeRateRecord> {
      const [row] = await db.insert(exchangeRates).values(rate).returning();
      if (!row) throw new Error('exchange rate insert returned nothing');
      return row;
    },
  };
}

export type ExchangeRatesRepository = ReturnType<typeof createExchangeRatesRepository>;

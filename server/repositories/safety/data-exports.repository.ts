import { and, desc, eq, inArray, lte, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { dataExports } from '../../db/schema/index.ts';

export type DataExportRecord = typeof dataExports.$inferSelect;

/** "Download your data": the exports asked for, one waiting at a time per user. */
export function createDataExportsRepository(db: Database) {
  return {
    async latest(userId: string): Promise<DataExportRecord | null> {
      const [row] = await db
        .select()
        .from(dataExports)
        .where(eq(dataExports.userId, userId))
        .orderBy(desc(dataExports.requestedAt), desc(dataExports.id))
        .limit(1);
      return row ?? null;
    },

    async byId(id: string): Promise<DataExportRecord | null> {
      const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id));
      return row ?? null;
    },

    /** The user's export still waiting (queued or being made), if any. */
    async waiting(userId: string): Promise<DataExportRecord | null> {
      const [row] = await db
        .select()
        .from(dataExports)
        .where(and(eq(dataExports.userId, userId), eq(dataExports.status, 'waiting')));
      return row ?? null;
    },

    /** A new waiting export, or null when one is already waiting (two requests at once make one). */
    async createWaiting(userId: string, now: Date): Promise<DataExportRecord | null> {
      const [row] = await db
        .insert(dataExports)
        .values({ userId, status: 'waiting', requestedAt: now })
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },

    async markReady(
      id: string,
      ready: { storageKey: string; size: number; readyAt: Date; expiresAt: Date },
    ): Promise<DataExportRecord | null> {
      const [row] = await db
        .update(dataExports)
        .set({ status: 'ready', ...ready })
        .where(and(eq(dataExports.id, id), eq(dataExports.status, 'waiting')))
        .returning();
      return row ?? null;
    },

    async markFailed(id: string, reason: string): Promise<void> {
      await db
        .update(dataExports)
        .set({ status: 'failed', reason })
        .where(and(eq(dataExports.id, id), eq(dataExports.status, 'waiting')));
    },

    /** Ready exports past their expiry, and failed ones asked for before `failedBefore`. */
    async expired(now: Date, failedBefore: Date): Promise<DataExportRecord[]> {
      return db
        .select()
        .from(dataExports)
        .where(
          or(
            and(eq(dataExports.status, 'ready'), lte(dataExports.expiresAt, now)),
            and(eq(dataExports.status, 'failed'), lte(dataExports.requestedAt, failedBefore)),
          ),
        );
    },

    async remove(ids: string[]): Promise<void> {
      if (ids.length > 0) await db.delete(dataExports).where(inArray(dataExports.id, ids));
    },
  };
}

export type DataExportsRepository = ReturnType<typeof createDataExportsRepository>;

import { and, asc, eq, gt, lt, max } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { userEvents } from '../../db/schema/index.ts';

export type UserEventRecord = typeof userEvents.$inferSelect;

export function createEventsRepository(db: Database) {
  return {
    /** Numbers the events in one insert; ids grow across all users, so any process can replay. */
    async append(
      rows: { userId: string; name: string; payload: unknown; createdAt: Date }[],
    ): Promise<UserEventRecord[]> {
      if (rows.length === 0) return [];
      return db.insert(userEvents).values(rows).returning();
    },

    async since(userId: string, afterId: number, limit: number): Promise<UserEventRecord[]> {
      return db
        .select()
        .from(userEvents)
        .where(and(eq(userEvents.userId, userId), gt(userEvents.id, afterId)))
        .orderBy(asc(userEvents.id))
        .limit(limit);
    },

    /** The number of the latest event pushed to anyone (0 before the first). */
    async latestId(): Promise<number> {
      const [row] = await db.select({ latest: max(userEvents.id) }).from(userEvents);
      return Number(row?.latest ?? 0);
    },

    async pruneBefore(cutoff: Date): Promise<number> {
      const removed = await db
        .delete(userEvents)
        .where(lt(userEvents.createdAt, cutoff))
        .returning({ id: userEvents.id });
      return removed.length;
    },
  };
}

export type EventsRepository = ReturnType<typeof createEventsRepository>;

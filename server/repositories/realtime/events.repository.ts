import { and, asc, eq, gt, lt } from 'drizzle-orm';
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

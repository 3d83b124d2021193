import { lt } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { sessions } from '../db/schema/index.ts';

export function createSessionsRepository(db: Database) {
  return {
    /** Removes sessions whose expiry has passed; returns how many went. */
    async deleteExpired(now: Date): Promise<number> {
      const removed = await db
        .delete(sessions)
        .where(lt(sessions.expiresAt, now))
        .returning({ id: sessions.id });
      return removed.length;
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;

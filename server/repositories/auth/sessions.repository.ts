import { and, desc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { preparedStatements } from '../../db/prepared.ts';
import { sessions, users } from '../../db/schema/index.ts';
import type { UserRecord } from './users.repository.ts';

export type SessionRecord = typeof sessions.$inferSelect;

export interface NewSession {
  userId: string;
  tokenHash: string;
  userAgent: string | null;
  ipAddress: string | null;
  now: Date;
  expiresAt: Date;
  /** Set when the sign-in proved a second factor. */
  secondFactorAt?: Date | null;
}

export function createSessionsRepository(db: Database) {
  const prepared = preparedStatements();
  return {
    async create(session: NewSession): Promise<SessionRecord> {
      const [row] = await db
        .insert(sessions)
        .values({
          userId: session.userId,
          tokenHash: session.tokenHash,
          userAgent: session.userAgent,
          ipAddress: session.ipAddress,
          createdAt: session.now,
          lastUsedAt: session.now,
          expiresAt: session.expiresAt,
          secondFactorAt: session.secondFactorAt ?? null,
        })
        .returning();
      if (!row) throw new Error('session insert returned nothing');
      return row;
    },

    /** The unexpired session holding this token hash, with its user. */
    async findLive(
      tokenHash: string,
      now: Date,
    ): Promise<{ session: SessionRecord; user: UserRecord } | null> {
      // Every signed-in request reads it: one prepared statement (server/db/prepared.ts).
      const [row] = await prepared.run('session_live', (args) =>
        db
          .select({ session: sessions, user: users })
          .from(sessions)
          .innerJoin(users, eq(users.id, sessions.userId))
          .where(
            and(
              eq(sessions.tokenHash, args.value('tokenHash', tokenHash)),
              sql`${sessions.expiresAt} > ${args.value('now', now.toISOString())}::timestamptz`,
            ),
          ),
      );
      return row ?? null;
    },

    async findById(id: string): Promise<SessionRecord | null> {
      const [row] = await db.select().from(sessions).where(eq(sessions.id, id));
      return row ?? null;
    },

    async extend(id: string, now: Date, expiresAt: Date): Promise<void> {
      await db.update(sessions).set({ lastUsedAt: now, expiresAt }).where(eq(sessions.id, id));
    },

    /** A user's unexpired sessions, most recently used first. */
    listLive(userId: string, now: Date, limit: number): Promise<SessionRecord[]> {
      return db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
        .orderBy(desc(sessions.lastUsedAt), desc(sessions.id))
        .limit(limit);
    },

    async delete(id: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, id));
    },

    async deleteAllOfUser(userId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },

    async deleteAllOfUserExcept(userId: string, keepId: string): Promise<void> {
      await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepId)));
    },

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

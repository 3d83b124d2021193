import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { takedowns } from '../../db/schema/index.ts';

export type TakedownRecord = typeof takedowns.$inferSelect;
export type NewTakedown = Omit<typeof takedowns.$inferInsert, 'id' | 'status' | 'createdAt' | 'updatedAt'>;

/** Takedowns (server/db/schema/leaks.ts), a creator's own and all of them for admins. */
export function createTakedownsRepository(db: Database) {
  return {
    async create(row: NewTakedown, now: Date): Promise<TakedownRecord> {
      const [made] = await db
        .insert(takedowns)
        .values({ ...row, createdAt: now, updatedAt: now })
        .returning();
      if (!made) throw new Error('takedown not inserted');
      return made;
    },

    async find(id: string): Promise<TakedownRecord | null> {
      const [row] = await db.select().from(takedowns).where(eq(takedowns.id, id));
      return row ?? null;
    },

    /** Newest first; a creator's own (creatorUserId), or everyone's (null). At most 200. */
    async list(creatorUserId: string | null): Promise<TakedownRecord[]> {
      const query = db.select().from(takedowns);
      return (creatorUserId ? query.where(eq(takedowns.creatorUserId, creatorUserId)) : query)
        .orderBy(desc(takedowns.createdAt), desc(takedowns.id))
        .limit(200);
    },

    async update(
      id: string,
      values: Partial<Pick<TakedownRecord, 'status' | 'suspendedAt' | 'suspendedBy'>>,
      now: Date,
    ): Promise<TakedownRecord | null> {
      const [row] = await db
        .update(takedowns)
        .set({ ...values, updatedAt: now })
        .where(eq(takedowns.id, id))
        .returning();
      return row ?? null;
    },
  };
}

export type TakedownsRepository = ReturnType<typeof createTakedownsRepository>;

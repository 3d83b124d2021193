import { count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { postLikes } from '../../db/schema/index.ts';

export function createLikesRepository(db: Database) {
  return {
    /** How many posts this user liked (the private profile's Liked tab). */
    async countByUser(userId: string): Promise<number> {
      const [row] = await db.select({ value: count() }).from(postLikes).where(eq(postLikes.userId, userId));
      return row?.value ?? 0;
    },
  };
}

export type LikesRepository = ReturnType<typeof createLikesRepository>;

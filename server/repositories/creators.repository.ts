import { and, desc, eq, lt, ne } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { creatorProfiles } from '../db/schema/index.ts';

export type CreatorRecord = typeof creatorProfiles.$inferSelect;

export function createCreatorsRepository(db: Database) {
  return {
    /** Approved creators, newest first, one keyset page (ids are time-ordered UUIDv7). */
    async listApproved(options: {
      limit: number;
      beforeId?: string;
      excludeUserId?: string;
    }): Promise<CreatorRecord[]> {
      return db
        .select()
        .from(creatorProfiles)
        .where(
          and(
            eq(creatorProfiles.status, 'approved'),
            options.beforeId ? lt(creatorProfiles.id, options.beforeId) : undefined,
            options.excludeUserId ? ne(creatorProfiles.userId, options.excludeUserId) : undefined,
          ),
        )
        .orderBy(desc(creatorProfiles.id))
        .limit(options.limit);
    },
  };
}

export type CreatorsRepository = ReturnType<typeof createCreatorsRepository>;

import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { creatorProfiles, media, messagePurchases, postPurchases, posts } from '../db/schema/index.ts';
import type { PostRow } from './posts.repository.ts';
import { olderThan } from './rows.ts';

/** The private profile's Purchased tab: posts the user unlocked, most recent purchase first. */
export function createPurchasesRepository(db: Database) {
  return {
    async purchasedBy(options: {
      userId: string;
      limit: number;
      before?: { at: string; id: string };
    }): Promise<(PostRow & { purchasedAt: Date })[]> {
      return db
        .select({ post: posts, creator: creatorProfiles, media, purchasedAt: postPurchases.createdAt })
        .from(postPurchases)
        .innerJoin(posts, eq(posts.id, postPurchases.postId))
        .innerJoin(creatorProfiles, eq(creatorProfiles.id, posts.creatorId))
        .leftJoin(media, eq(media.id, posts.mediaId))
        .where(
          and(
            eq(postPurchases.fanId, options.userId),
            olderThan(postPurchases.createdAt, postPurchases.postId, options.before),
          ),
        )
        .orderBy(desc(postPurchases.createdAt), desc(postPurchases.postId))
        .limit(options.limit);
    },

    /** How many posts the user unlocked (the Purchased tab's count). */
    async countByFan(userId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(postPurchases)
        .where(eq(postPurchases.fanId, userId));
      return row?.count ?? 0;
    },

    /** How many pay-per-view messages the user unlocked (shown in the same tab). */
    async countMessagesByFan(userId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(messagePurchases)
        .where(eq(messagePurchases.fanId, userId));
      return row?.count ?? 0;
    },
  };
}

export type PurchasesRepository = ReturnType<typeof createPurchasesRepository>;

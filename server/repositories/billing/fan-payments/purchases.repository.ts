import { and, desc, eq, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  creatorProfiles,
  media,
  messagePurchases,
  messages,
  postPurchases,
  posts,
  userBlocks,
} from '../../../db/schema/index.ts';
import type { PostRow } from '../../posts/index.ts';
import { olderThan } from '../../rows.ts';

/** No block either way between the fan and the seller (what was bought is not served across one). */
const noBlockWith = (fanId: string, sellerId: SQLWrapper) =>
  sql`not exists (select 1 from ${userBlocks} b where (b.blocker_id = ${fanId} and b.blocked_id = ${sellerId}) or (b.blocked_id = ${fanId} and b.blocker_id = ${sellerId}))`;

/**
 * The private profile's Purchased tab: posts the user unlocked, most recent purchase first. What
 * was bought from someone across a block (either way) is left out while the block lasts; the
 * purchase stays on record (transactions) and comes back when the block is lifted.
 */
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
            noBlockWith(options.userId, creatorProfiles.userId),
            olderThan(postPurchases.createdAt, postPurchases.postId, options.before),
          ),
        )
        .orderBy(desc(postPurchases.createdAt), desc(postPurchases.postId))
        .limit(options.limit);
    },

    /** How many posts the user unlocked (the Purchased tab's count), as the tab lists them. */
    async countByFan(userId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(postPurchases)
        .innerJoin(posts, eq(posts.id, postPurchases.postId))
        .innerJoin(creatorProfiles, eq(creatorProfiles.id, posts.creatorId))
        .where(and(eq(postPurchases.fanId, userId), noBlockWith(userId, creatorProfiles.userId)));
      return row?.count ?? 0;
    },

    /** How many pay-per-view messages the user unlocked (shown in the same tab), as it lists them. */
    async countMessagesByFan(userId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(messagePurchases)
        .innerJoin(messages, eq(messages.id, messagePurchases.messageId))
        .where(and(eq(messagePurchases.fanId, userId), noBlockWith(userId, messages.senderId)));
      return row?.count ?? 0;
    },
  };
}

export type PurchasesRepository = ReturnType<typeof createPurchasesRepository>;

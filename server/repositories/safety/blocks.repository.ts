import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  conversationMembers,
  creatorProfiles,
  creatorSubscriptions,
  follows,
  userBlocks,
  users,
} from '../../db/schema/index.ts';

/** The creator profile ids of these users (a block or a removal reaches their pages). */
const creatorIdsOf = (db: Database, userIds: string[]) =>
  db.select({ id: creatorProfiles.id }).from(creatorProfiles).where(inArray(creatorProfiles.userId, userIds));

export function createBlocksRepository(db: Database) {
  /** `fan` stops following `owner`'s page, and `fan`'s subscription to it ends as `status`. */
  async function cut(
    tx: Database,
    fan: string,
    owner: string,
    subscription: 'canceled' | 'expired',
    now: Date,
  ) {
    await tx
      .delete(follows)
      .where(and(eq(follows.followerId, fan), inArray(follows.creatorId, creatorIdsOf(tx, [owner]))));
    await tx
      .update(creatorSubscriptions)
      .set({
        status: subscription,
        updatedAt: now,
        ...(subscription === 'expired' ? { currentPeriodEnd: now } : {}),
      })
      .where(
        and(
          eq(creatorSubscriptions.fanId, fan),
          inArray(creatorSubscriptions.creatorId, creatorIdsOf(tx, [owner])),
          inArray(
            creatorSubscriptions.status,
            subscription === 'expired' ? ['active', 'canceled'] : ['active'],
          ),
        ),
      );
  }

  return {
    /** Whether either user blocked the other. */
    async between(a: string, b: string): Promise<boolean> {
      const [row] = await db
        .select({ blockerId: userBlocks.blockerId })
        .from(userBlocks)
        .where(
          or(
            and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)),
            and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a)),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** Whether `blockerId` blocked `blockedId` (this direction only). */
    async hasBlocked(blockerId: string, blockedId: string): Promise<boolean> {
      const [row] = await db
        .select({ blockerId: userBlocks.blockerId })
        .from(userBlocks)
        .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
        .limit(1);
      return row !== undefined;
    },

    /**
     * Blocks and severs the ties between the two, in one transaction: no follows either way, and
     * a subscription either way stops renewing (paid access then ends with its period, unseen).
     */
    async block(blockerId: string, blockedId: string, now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(userBlocks).values({ blockerId, blockedId, createdAt: now }).onConflictDoNothing();
        await cut(tx, blockedId, blockerId, 'canceled', now);
        await cut(tx, blockerId, blockedId, 'canceled', now);
      });
    },

    async unblock(blockerId: string, blockedId: string): Promise<void> {
      await db
        .delete(userBlocks)
        .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
    },

    /**
     * Privacy & Safety's Delete User: out of my followers and subscribers (access ends now), chat
     * hidden. Answers whether the owner has a creator page (and so followers and subscribers at all).
     */
    async removeFromMine(ownerId: string, otherId: string, now: Date): Promise<{ isCreator: boolean }> {
      return db.transaction(async (tx) => {
        await cut(tx, otherId, ownerId, 'expired', now);
        await tx
          .update(conversationMembers)
          .set({ hiddenAt: now })
          .where(and(eq(conversationMembers.userId, ownerId), eq(conversationMembers.otherId, otherId)));
        const [creator] = await creatorIdsOf(tx, [ownerId]).limit(1);
        return { isCreator: creator !== undefined };
      });
    },

    /** The people this user blocked, newest first; `query` matches their name or creator handle. */
    async list(
      blockerId: string,
      options: { limit: number; before?: { at: string; id: string }; query?: string },
    ) {
      const pattern = options.query
        ? `%${options.query.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
        : null;
      return db
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          displayName: creatorProfiles.displayName,
          handle: creatorProfiles.handle,
          creatorStatus: creatorProfiles.status,
          blockedAt: userBlocks.createdAt,
        })
        .from(userBlocks)
        .innerJoin(users, eq(users.id, userBlocks.blockedId))
        .leftJoin(creatorProfiles, eq(creatorProfiles.userId, userBlocks.blockedId))
        .where(
          and(
            eq(userBlocks.blockerId, blockerId),
            pattern
              ? sql`(lower(${users.firstName} || ' ' || ${users.lastName}) like ${pattern} or (${creatorProfiles.status} = 'approved' and (lower(${creatorProfiles.handle}) like ${pattern} or lower(coalesce(${creatorProfiles.displayName}, '')) like ${pattern})))`
              : undefined,
            options.before
              ? sql`(${userBlocks.createdAt}, ${userBlocks.blockedId}) < (${options.before.at}::timestamptz, ${options.before.id})`
              : undefined,
          ),
        )
        .orderBy(desc(userBlocks.createdAt), desc(userBlocks.blockedId))
        .limit(options.limit);
    },
  };
}

export type BlocksRepository = ReturnType<typeof createBlocksRepository>;

import { and, eq, inArray, like, or, sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import * as schema from '../../db/schema/index.ts';
import {
  commentLikes,
  conversationMembers,
  conversations,
  creatorLists,
  creatorOnboardingDrafts,
  creatorProfiles,
  creatorSubscriptions,
  dataExports,
  emailChangeRequests,
  emailVerificationCodes,
  follows,
  knownBrowsers,
  ledgerEntries,
  media,
  notificationPreferences,
  notifications,
  oauthAccounts,
  oauthExchangeCodes,
  passkeys,
  passwordResetTokens,
  postBookmarks,
  postComments,
  postLikes,
  postPurchases,
  posts,
  pushSettings,
  pushSubscriptions,
  reports,
  savedCards,
  sessions,
  signInChallenges,
  subscriptions,
  supportReplies,
  supportTickets,
  twoFactorRecoveryCodes,
  twoFactorSecrets,
  userBlocks,
  userEvents,
  users,
  webauthnChallenges,
} from '../../db/schema/index.ts';
import { rowsOf } from '../rows.ts';

/** Never part of an export: hashes of passwords, tokens and codes, and provider secrets. */
const SECRET_COLUMNS = new Set([
  'password_hash',
  'token_hash',
  'code_hash',
  'state_hash',
  'code_verifier',
  'nonce',
  'browser_hash',
  'authorization_code',
  'customer_code',
  'secret_ciphertext',
  'public_key',
  'challenge',
  // A push subscription's auth secret: with it, pushes to that browser could be read.
  'auth',
]);

export interface UserReference {
  table: string;
  /** Columns holding the user's id. */
  columns: string[];
}

/** Every table with a column pointing at users.id, read from the schema itself (nothing to forget). */
export function userReferences(): UserReference[] {
  const found: UserReference[] = [];
  for (const value of Object.values(schema)) {
    let config: ReturnType<typeof getTableConfig>;
    try {
      config = getTableConfig(value as PgTable);
    } catch {
      continue;
    }
    const columns = config.foreignKeys
      .map((fk) => fk.reference())
      .filter((ref) => getTableConfig(ref.foreignTable).name === 'users')
      .flatMap((ref) => ref.columns.map((column) => column.name));
    if (columns.length > 0) found.push({ table: config.name, columns: [...new Set(columns)] });
  }
  return found.sort((a, b) => a.table.localeCompare(b.table));
}

/** Where an export's zip is stored: a folder of its own, outside every media object's. */
export const dataExportFolder = (exportId: string) => `exports/${exportId}/`;

const clean = (row: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(row).filter(([column]) => !SECRET_COLUMNS.has(column)));

export function createAccountDataRepository(db: Database) {
  const select = async (table: string, where: ReturnType<typeof sql>) =>
    rowsOf(await db.execute(sql`select * from ${sql.identifier(table)} where ${where}`)).map(clean);

  return {
    /** Everything the platform holds about the user, table by table, secrets left out. */
    async collect(userId: string): Promise<Record<string, Record<string, unknown>[]>> {
      const data: Record<string, Record<string, unknown>[]> = {
        users: await select('users', sql`id = ${userId}`),
      };
      for (const { table, columns } of userReferences()) {
        data[table] = await select(
          table,
          sql.join(
            columns.map((column) => sql`${sql.identifier(column)} = ${userId}`),
            sql` or `,
          ),
        );
      }
      // What hangs off the user's own rows: their posts, and every message in their conversations.
      data.posts = await select(
        'posts',
        sql`creator_id in (select id from creator_profiles where user_id = ${userId})`,
      );
      data.messages = await select(
        'messages',
        sql`conversation_id in (select conversation_id from conversation_members where user_id = ${userId})`,
      );
      // The creators in the user's lists.
      data.creator_list_members = await select(
        'creator_list_members',
        sql`list_id in (select id from creator_lists where owner_id = ${userId})`,
      );
      // Replies to the user's support requests, besides any they wrote as an admin.
      data.support_replies = await select(
        'support_replies',
        sql`admin_id = ${userId} or ticket_id in (select id from support_tickets where user_id = ${userId})`,
      );
      const entries = await db
        .select()
        .from(ledgerEntries)
        .where(
          or(
            like(ledgerEntries.accountId, `user:${userId}:%`),
            like(ledgerEntries.accountId, `creator:${userId}:%`),
          ),
        );
      data.ledger_entries = entries.map((row) => clean({ ...row }));
      return data;
    },

    async mediaOf(userId: string) {
      return db.select().from(media).where(eq(media.ownerId, userId));
    },

    /**
     * Erases the account in one transaction, keeping only what must be kept: the user row as an
     * anonymous tombstone (payments and the ledger point at it), payments and plan records, and the
     * identity document a creator gave for review. Returns the storage folders whose files must go:
     * each removed media object's, and each of the user's data exports'.
     */
    async erase(userId: string, now: Date): Promise<string[]> {
      return db.transaction(async (tx) => {
        const gone = await tx
          .delete(media)
          .where(and(eq(media.ownerId, userId), sql`${media.kind} <> 'identity_document'`))
          .returning({ id: media.id });
        const exports = await tx
          .delete(dataExports)
          .where(eq(dataExports.userId, userId))
          .returning({ id: dataExports.id });
        await tx.delete(creatorProfiles).where(eq(creatorProfiles.userId, userId));
        const mine = tx
          .select({ id: conversationMembers.conversationId })
          .from(conversationMembers)
          .where(eq(conversationMembers.userId, userId));
        await tx.delete(conversations).where(inArray(conversations.id, mine));
        // Their comments (with the replies under them) and comment likes leave the counts they were in.
        await tx
          .update(postComments)
          .set({ likeCount: sql`greatest(0, ${postComments.likeCount} - 1)` })
          .where(
            inArray(
              postComments.id,
              tx
                .select({ id: commentLikes.commentId })
                .from(commentLikes)
                .where(eq(commentLikes.userId, userId)),
            ),
          );
        const commented = await tx
          .delete(postComments)
          .where(eq(postComments.authorId, userId))
          .returning({ postId: postComments.postId });
        const touched = [...new Set(commented.map((row) => row.postId))];
        if (touched.length > 0)
          await tx
            .update(posts)
            .set({
              commentCount: sql`(select count(*)::int from ${postComments} c where c.post_id = ${posts.id})`,
            })
            .where(inArray(posts.id, touched));
        for (const [table, column] of [
          [commentLikes, commentLikes.userId],
          [postBookmarks, postBookmarks.userId],
          [creatorLists, creatorLists.ownerId],
          [notificationPreferences, notificationPreferences.userId],
          [pushSubscriptions, pushSubscriptions.userId],
          [pushSettings, pushSettings.userId],
          // A deleted account's card is never charged again.
          [savedCards, savedCards.userId],
          [sessions, sessions.userId],
          [signInChallenges, signInChallenges.userId],
          [twoFactorSecrets, twoFactorSecrets.userId],
          [twoFactorRecoveryCodes, twoFactorRecoveryCodes.userId],
          [passkeys, passkeys.userId],
          [knownBrowsers, knownBrowsers.userId],
          [webauthnChallenges, webauthnChallenges.userId],
          [emailVerificationCodes, emailVerificationCodes.userId],
          [passwordResetTokens, passwordResetTokens.userId],
          [oauthExchangeCodes, oauthExchangeCodes.userId],
          [oauthAccounts, oauthAccounts.userId],
          [follows, follows.followerId],
          [postLikes, postLikes.userId],
          [postPurchases, postPurchases.fanId],
          [creatorSubscriptions, creatorSubscriptions.fanId],
          [notifications, notifications.userId],
          [notifications, notifications.actorId],
          [userEvents, userEvents.userId],
          [creatorOnboardingDrafts, creatorOnboardingDrafts.userId],
          [emailChangeRequests, emailChangeRequests.userId],
          [supportTickets, supportTickets.userId],
          [userBlocks, userBlocks.blockerId],
          [userBlocks, userBlocks.blockedId],
        ] as const) {
          await tx.delete(table).where(eq(column, userId));
        }
        await tx.update(reports).set({ reporterId: null }).where(eq(reports.reporterId, userId));
        await tx.update(reports).set({ targetUserId: null }).where(eq(reports.targetUserId, userId));
        await tx.update(reports).set({ resolvedBy: null }).where(eq(reports.resolvedBy, userId));
        await tx.update(supportReplies).set({ adminId: null }).where(eq(supportReplies.adminId, userId));
        await tx
          .update(creatorProfiles)
          .set({ reviewedBy: null })
          .where(eq(creatorProfiles.reviewedBy, userId));
        const tombstone = `deleted-${userId}@deleted.invalid`;
        await tx
          .update(subscriptions)
          .set({ status: 'expired', endedAt: now, nextRetryAt: null, email: tombstone, updatedAt: now })
          .where(
            and(
              eq(subscriptions.userId, userId),
              inArray(subscriptions.status, ['trialing', 'active', 'past_due']),
            ),
          );
        await tx.update(subscriptions).set({ email: tombstone }).where(eq(subscriptions.userId, userId));
        await tx
          .update(users)
          .set({
            email: tombstone,
            passwordHash: null,
            firstName: '',
            lastName: '',
            profileImage: null,
            isEmailVerified: false,
            role: 'user',
            deletedAt: now,
            updatedAt: now,
          })
          .where(eq(users.id, userId));
        return [...gone.map((row) => `${row.id}/`), ...exports.map((row) => dataExportFolder(row.id))];
      });
    },
  };
}

export type AccountDataRepository = ReturnType<typeof createAccountDataRepository>;

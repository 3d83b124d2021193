import { and, desc, eq, gt, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { NotificationKind } from '../../../common/events.ts';
import type { Database } from '../../db/client.ts';
import {
  creatorProfiles,
  creatorSubscriptions,
  notificationPreferences,
  pushSettings,
  pushSubscriptions,
  sessions,
  userBlocks,
  users,
} from '../../db/schema/index.ts';

export interface PushDeviceRecord {
  id: string;
  sessionId: string;
  label: string;
  createdAt: Date;
}

/** One device to push to, with its owner's choice about previews. */
export interface PushRecipient {
  id: string;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  hidePreviews: boolean;
}

/** Who a push goes to: these accounts, or everyone subscribed to a creator now. */
export type PushAudience = { userIds: string[] } | { subscribersOf: string };

export function createPushRepository(db: Database) {
  const recipientColumns = {
    id: pushSubscriptions.id,
    userId: pushSubscriptions.userId,
    endpoint: pushSubscriptions.endpoint,
    p256dh: pushSubscriptions.p256dh,
    auth: pushSubscriptions.auth,
    hidePreviews: sql<boolean>`coalesce(${pushSettings.hidePreviews}, false)`,
  };

  return {
    /**
     * Saves a device for this session. The same endpoint again (the browser kept its
     * subscription, or another account signed in on that browser) moves to this account and session.
     */
    async save(device: {
      userId: string;
      sessionId: string;
      endpoint: string;
      p256dh: string;
      auth: string;
      label: string;
      now: Date;
    }): Promise<void> {
      const { now, ...row } = device;
      await db
        .insert(pushSubscriptions)
        .values({ ...row, createdAt: now })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: {
            userId: row.userId,
            sessionId: row.sessionId,
            p256dh: row.p256dh,
            auth: row.auth,
            label: row.label,
            createdAt: now,
          },
        });
    },

    /** Removes one of this account's devices; false when it had none such. */
    async remove(userId: string, device: { endpoint: string } | { id: string }): Promise<boolean> {
      const which =
        'id' in device
          ? eq(pushSubscriptions.id, device.id)
          : eq(pushSubscriptions.endpoint, device.endpoint);
      const removed = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), which))
        .returning({ id: pushSubscriptions.id });
      return removed.length > 0;
    },

    /** Devices whose push service answered that they are gone (404, 410). */
    async removeGone(ids: string[]): Promise<void> {
      if (ids.length > 0) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
    },

    async markSent(ids: string[], at: Date): Promise<void> {
      if (ids.length > 0) {
        await db.update(pushSubscriptions).set({ lastSentAt: at }).where(inArray(pushSubscriptions.id, ids));
      }
    },

    /** Keeps the account's `keep` newest devices and removes the others. */
    async keepNewest(userId: string, keep: number): Promise<void> {
      const newest = db
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
        .limit(keep);
      await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)));
    },

    async devices(userId: string): Promise<PushDeviceRecord[]> {
      return db
        .select({
          id: pushSubscriptions.id,
          sessionId: pushSubscriptions.sessionId,
          label: pushSubscriptions.label,
          createdAt: pushSubscriptions.createdAt,
        })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(pushSubscriptions.createdAt);
    },

    async hidePreviews(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ hidePreviews: pushSettings.hidePreviews })
        .from(pushSettings)
        .where(eq(pushSettings.userId, userId));
      return row?.hidePreviews ?? false;
    },

    async saveHidePreviews(userId: string, hidePreviews: boolean, now: Date): Promise<void> {
      await db
        .insert(pushSettings)
        .values({ userId, hidePreviews, updatedAt: now })
        .onConflictDoUpdate({ target: pushSettings.userId, set: { hidePreviews, updatedAt: now } });
    },

    /**
     * One page of the devices a push of this kind goes to, in id order after `afterId`: devices of
     * the audience whose owner wants this kind by push (their saved choice, else the kind's
     * default), still signed in there, not suspended or deleted.
     */
    async recipients(options: {
      kind: NotificationKind;
      byDefault: boolean;
      audience: PushAudience;
      now: Date;
      afterId: string | null;
      limit: number;
    }): Promise<PushRecipient[]> {
      const { kind, audience } = options;
      const wanted = sql`coalesce(${notificationPreferences.push}, ${options.byDefault})`;
      const base = db
        .select(recipientColumns)
        .from(pushSubscriptions)
        .innerJoin(users, eq(users.id, pushSubscriptions.userId))
        // A device whose session has lapsed is signed out: someone else may hold it now.
        .innerJoin(
          sessions,
          and(eq(sessions.id, pushSubscriptions.sessionId), gt(sessions.expiresAt, options.now)),
        )
        .leftJoin(pushSettings, eq(pushSettings.userId, pushSubscriptions.userId))
        .leftJoin(
          notificationPreferences,
          and(
            eq(notificationPreferences.userId, pushSubscriptions.userId),
            eq(notificationPreferences.kind, kind),
          ),
        );
      const conditions = [
        isNull(users.deletedAt),
        isNull(users.suspendedAt),
        sql`${wanted} = true`,
        ...(options.afterId ? [gt(pushSubscriptions.id, options.afterId)] : []),
      ];
      const query =
        'userIds' in audience
          ? base.where(and(inArray(pushSubscriptions.userId, audience.userIds), ...conditions))
          : base
              .innerJoin(
                creatorSubscriptions,
                and(
                  eq(creatorSubscriptions.fanId, pushSubscriptions.userId),
                  eq(creatorSubscriptions.creatorId, audience.subscribersOf),
                  // As everywhere a subscription counts: a retried renewal's paid period still does.
                  inArray(creatorSubscriptions.status, ['active', 'past_due', 'canceled']),
                  gt(creatorSubscriptions.currentPeriodEnd, options.now),
                ),
              )
              .where(
                and(
                  ...conditions,
                  // A block either way keeps a subscriber and the creator apart, pushes included.
                  sql`not exists (select 1 from ${userBlocks} join ${creatorProfiles} on ${creatorProfiles.id} = ${audience.subscribersOf} where (${userBlocks.blockerId} = ${pushSubscriptions.userId} and ${userBlocks.blockedId} = ${creatorProfiles.userId}) or (${userBlocks.blockerId} = ${creatorProfiles.userId} and ${userBlocks.blockedId} = ${pushSubscriptions.userId}))`,
                ),
              );
      return query.orderBy(pushSubscriptions.id).limit(options.limit);
    },
  };
}

export type PushRepository = ReturnType<typeof createPushRepository>;

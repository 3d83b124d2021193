import { and, eq, isNull } from 'drizzle-orm';
import type { NotificationKind } from '../../../common/events.ts';
import type { Database } from '../../db/client.ts';
import { notificationPreferences, users } from '../../db/schema/index.ts';

export interface NotificationChoice {
  inApp: boolean;
  email: boolean;
  /** null: saved before push existed, so the kind's default holds. */
  push: boolean | null;
}

export function createNotificationPreferencesRepository(db: Database) {
  return {
    /** The kinds this user changed from their defaults. */
    async forUser(userId: string): Promise<Map<NotificationKind, NotificationChoice>> {
      const rows = await db
        .select()
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, userId));
      return new Map(rows.map((row) => [row.kind, { inApp: row.inApp, email: row.email, push: row.push }]));
    },

    async find(userId: string, kind: NotificationKind): Promise<NotificationChoice | null> {
      const [row] = await db
        .select({
          inApp: notificationPreferences.inApp,
          email: notificationPreferences.email,
          push: notificationPreferences.push,
        })
        .from(notificationPreferences)
        .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.kind, kind)));
      return row ?? null;
    },

    async save(userId: string, kind: NotificationKind, choice: NotificationChoice, now: Date): Promise<void> {
      await db
        .insert(notificationPreferences)
        .values({ userId, kind, ...choice, updatedAt: now })
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.kind],
          set: { ...choice, updatedAt: now },
        });
    },

    /** Where a notification email goes: the account's address, unless the account is gone or suspended. */
    async addressOf(userId: string): Promise<{ email: string; firstName: string } | null> {
      const [row] = await db
        .select({ email: users.email, firstName: users.firstName })
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt), isNull(users.suspendedAt)));
      return row ?? null;
    },
  };
}

export type NotificationPreferencesRepository = ReturnType<typeof createNotificationPreferencesRepository>;

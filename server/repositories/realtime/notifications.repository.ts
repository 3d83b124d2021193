import { and, count, desc, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { notifications, users } from '../../db/schema/index.ts';

export type NotificationRecord = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;

export function createNotificationsRepository(db: Database) {
  const withActor = () =>
    db
      .select({
        notification: notifications,
        actor: {
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          profileImage: users.profileImage,
        },
      })
      .from(notifications)
      .leftJoin(users, eq(users.id, notifications.actorId));

  return {
    async create(row: NewNotification) {
      const [created] = await db.insert(notifications).values(row).returning();
      if (!created) throw new Error('notification insert returned nothing');
      const [full] = await withActor().where(eq(notifications.id, created.id));
      if (!full) throw new Error('notification vanished');
      return full;
    },

    async list(userId: string, options: { limit: number; beforeId?: string }) {
      return withActor()
        .where(
          and(
            eq(notifications.userId, userId),
            options.beforeId ? lt(notifications.id, options.beforeId) : undefined,
          ),
        )
        .orderBy(desc(notifications.id))
        .limit(options.limit);
    },

    async unreadCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
      return row?.value ?? 0;
    },

    async markAllRead(userId: string): Promise<void> {
      await db
        .update(notifications)
        .set({ read: true })
        .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
export type NotificationRow = Awaited<ReturnType<NotificationsRepository['create']>>;

import { z } from 'zod';
import { chatMessageSchema } from './schemas/messages.ts';

/**
 * Every kind of notification, in one table: what Settings calls it, and where it goes unless the
 * user chose otherwise (in the bell, by email). Adding a kind is one entry here; the database
 * column, the API schemas, Settings and the per-user choices all read this table. A kind with
 * `email: null` is never emailed (Settings shows no email switch for it). Then call
 * `notifications.notify({ kind, ... })` (server/services/realtime/notifications.service.ts).
 */
export const notificationKindInfo = {
  follow: { label: 'New followers', inApp: true, email: null },
  subscribe: { label: 'New subscribers', inApp: true, email: null },
  purchase: { label: 'Purchases of your posts', inApp: true, email: null },
  tip: { label: 'Tips from fans', inApp: true, email: null },
  like: { label: 'Likes on your posts', inApp: true, email: null },
  comment: { label: 'Comments on your posts', inApp: true, email: true },
  reply: { label: 'Replies to your comments', inApp: true, email: true },
  post_published: { label: 'Your scheduled posts going out', inApp: true, email: true },
  // Payout emails always go (money and a security notice), so there is no email switch.
  payout: { label: 'Your payouts', inApp: true, email: null },
} as const satisfies Record<string, { label: string; inApp: boolean; email: boolean | null }>;

export type NotificationKind = keyof typeof notificationKindInfo;
export const notificationKinds = Object.keys(notificationKindInfo) as [
  NotificationKind,
  ...NotificationKind[],
];

/** GET and PUT /api/me/notification-settings: one row per kind, in the table's order. */
export const notificationSettingSchema = z.object({
  kind: z.enum(notificationKinds),
  label: z.string(),
  inApp: z.boolean(),
  /** null: this kind is never emailed. */
  email: z.boolean().nullable(),
});
export type NotificationSetting = z.infer<typeof notificationSettingSchema>;
export const notificationSettingsSchema = z.object({ items: z.array(notificationSettingSchema) });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export const updateNotificationSettingSchema = z.object({
  kind: z.enum(notificationKinds),
  inApp: z.boolean().optional(),
  email: z.boolean().optional(),
});
export type UpdateNotificationSetting = z.infer<typeof updateNotificationSettingSchema>;

/** What the server pushes on GET /api/events (server-sent events), by event name. */

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(notificationKinds),
  /** Ready to show: 'Ada followed you'. */
  text: z.string(),
  actor: z.object({ id: z.string(), name: z.string(), avatarUrl: z.string().nullable() }).nullable(),
  /** Where the notification leads (a profile or a post), as an app path. */
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type NotificationView = z.infer<typeof notificationSchema>;

export const eventSchemas = {
  'message.created': z.object({ message: chatMessageSchema }),
  /** A message changed for this member (a pay-per-view message they just unlocked). */
  'message.updated': z.object({ message: chatMessageSchema }),
  'message.read': z.object({ conversationId: z.string(), readerId: z.string(), readAt: z.string() }),
  'conversation.updated': z.object({ conversationId: z.string() }),
  notification: z.object({ notification: notificationSchema, unread: z.number().int() }),
  /** A post's comment count changed (sent to its creator and to whoever commented on it). */
  'post.comments': z.object({ postId: z.string(), count: z.number().int() }),
} as const;

export type EventName = keyof typeof eventSchemas;
export type EventPayload<Name extends EventName> = z.infer<(typeof eventSchemas)[Name]>;
export const eventNames = Object.keys(eventSchemas) as EventName[];

/** A comment line the server sends every so often so proxies keep an idle stream open. */
export const HEARTBEAT_MS = 25_000;

/** GET /api/notifications */
export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  unread: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

import { z } from 'zod';
import { chatMessageSchema } from './schemas/messages.ts';

/**
 * Every kind of notification, in one table: what Settings calls it, and where it goes unless the
 * user chose otherwise (in the bell, by email, by push to the devices that turned push on). Adding
 * a kind is one entry here; the database column, the API schemas, Settings and the per-user
 * choices all read this table. A kind with `email: null` is never emailed and one with
 * `inApp: null` never reaches the bell (Settings shows no switch for either). Then call
 * `notifications.notify({ kind, ... })` (server/services/realtime/notifications.service.ts).
 */
export const notificationKindInfo = {
  // Messages and posts have their own places in the app (Messages, the feed): push only.
  message: { label: 'New messages', inApp: null, email: null, push: true },
  paid_message: { label: 'Pay-per-view messages', inApp: null, email: null, push: true },
  new_post: { label: 'New posts from creators you subscribe to', inApp: null, email: null, push: true },
  follow: { label: 'New followers', inApp: true, email: null, push: false },
  subscribe: { label: 'New subscribers', inApp: true, email: true, push: true },
  purchase: { label: 'Purchases of your posts', inApp: true, email: true, push: true },
  tip: { label: 'Tips from fans', inApp: true, email: true, push: true },
  // Likes come often: emailed only to those who turn it on.
  like: { label: 'Likes on your posts', inApp: true, email: false, push: false },
  comment: { label: 'Comments on your posts', inApp: true, email: true, push: false },
  reply: { label: 'Replies to your comments', inApp: true, email: true, push: true },
  post_published: { label: 'Your scheduled posts going out', inApp: true, email: true, push: false },
  renewal_failed: { label: 'Subscription renewals that failed', inApp: true, email: null, push: true },
  // Payout emails always go (money and a security notice), so there is no email switch.
  payout: { label: 'Your payouts', inApp: true, email: null, push: true },
  // The review's answer (approved or not) is always emailed too, so there is no email switch.
  creator_review: { label: 'Your creator page review', inApp: true, email: null, push: true },
  price_change: { label: 'Price changes of your subscriptions', inApp: true, email: null, push: true },
} as const satisfies Record<
  string,
  { label: string; inApp: boolean | null; email: boolean | null; push: boolean }
>;

export type NotificationKind = keyof typeof notificationKindInfo;
export const notificationKinds = Object.keys(notificationKindInfo) as [
  NotificationKind,
  ...NotificationKind[],
];

/** GET and PUT /api/me/notification-settings: one row per kind, in the table's order. */
export const notificationSettingSchema = z.object({
  kind: z.enum(notificationKinds),
  label: z.string(),
  /** null: this kind is not shown in the app's notifications (it has a place of its own). */
  inApp: z.boolean().nullable(),
  /** null: this kind is never emailed. */
  email: z.boolean().nullable(),
  /** Push notifications to the devices that turned them on. */
  push: z.boolean(),
});
export type NotificationSetting = z.infer<typeof notificationSettingSchema>;
export const notificationSettingsSchema = z.object({ items: z.array(notificationSettingSchema) });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export const updateNotificationSettingSchema = z.object({
  kind: z.enum(notificationKinds),
  inApp: z.boolean().optional(),
  email: z.boolean().optional(),
  push: z.boolean().optional(),
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

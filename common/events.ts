import { z } from 'zod';
import { chatMessageSchema } from './schemas/messages.ts';

/** What the server pushes on GET /api/events (server-sent events), by event name. */
export const notificationKinds = ['follow', 'subscribe', 'purchase', 'like'] as const;
export type NotificationKind = (typeof notificationKinds)[number];

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
  'message.read': z.object({ conversationId: z.string(), readerId: z.string(), readAt: z.string() }),
  'conversation.updated': z.object({ conversationId: z.string() }),
  notification: z.object({ notification: notificationSchema, unread: z.number().int() }),
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

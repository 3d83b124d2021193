import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { NotificationList, NotificationView } from '#common/events.ts';
import { api } from '../../../lib/api-client.ts';

export const NOTIFICATION_PAGE_SIZE = 20;

export type NotificationPages = InfiniteData<NotificationList, string | null>;

export const notificationKeys = {
  list: (userId: string) => ['notifications', userId] as const,
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** Checked by hand: the bell is on every page, and zod would weigh on the first one. */
export function readNotification(value: unknown): NotificationView {
  if (
    !isRecord(value) ||
    typeof value.id !== 'string' ||
    typeof value.text !== 'string' ||
    typeof value.kind !== 'string' ||
    typeof value.read !== 'boolean' ||
    typeof value.createdAt !== 'string' ||
    (value.link !== null && typeof value.link !== 'string') ||
    (value.actor !== null && !isRecord(value.actor))
  ) {
    throw new Error('Unexpected answer from the server (notification)');
  }
  return value as NotificationView;
}

export function readNotificationList(value: unknown): NotificationList {
  if (!isRecord(value) || !Array.isArray(value.items) || typeof value.unread !== 'number') {
    throw new Error('Unexpected answer from the server (notifications)');
  }
  value.items.forEach(readNotification);
  return value as NotificationList;
}

/** GET /api/notifications: newest first, with the unread count. */
export async function getNotifications(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<NotificationList> {
  const body = await api.get('/notifications', {
    query: { cursor: cursor ?? undefined, limit: NOTIFICATION_PAGE_SIZE },
    signal,
  });
  return readNotificationList(body);
}

export function notificationsQueryOptions(userId: string) {
  return infiniteQueryOptions<NotificationList, Error, NotificationPages, readonly unknown[], string | null>({
    queryKey: notificationKeys.list(userId),
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor,
    // The event stream brings new ones; a refetch is only needed after a reconnect.
    staleTime: 5 * 60_000,
  });
}

export function useNotifications(userId: string) {
  return useInfiniteQuery(notificationsQueryOptions(userId));
}

/** The unread count is the newest page's (the server counts them all). */
export const unreadOf = (data: NotificationPages | undefined) => data?.pages[0]?.unread ?? 0;

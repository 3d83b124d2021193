/// <reference lib="webworker" />
/**
 * Push notifications in the service worker: shows what the server sent (server/services/realtime/push
 * builds it: a title, a line and the app path it is about, never locked content) and opens that path
 * when the notification is clicked, in a tab of the app that is already open when there is one.
 */
import { appPath } from './app-path.ts';

declare const self: ServiceWorkerGlobalScope;

interface PushPayload {
  title: string;
  body: string;
  /** An app path such as /messages/<id>. */
  url: string;
  /** Notifications with the same tag replace each other (one per conversation). */
  tag?: string;
}

function parse(data: PushMessageData | null): PushPayload | null {
  try {
    const value = data?.json() as Partial<PushPayload> | undefined;
    if (!value || typeof value.title !== 'string') return null;
    return {
      title: value.title,
      body: typeof value.body === 'string' ? value.body : '',
      url: appPath(value.url),
      ...(typeof value.tag === 'string' ? { tag: value.tag } : {}),
    };
  } catch {
    return null;
  }
}

self.addEventListener('push', (event) => {
  const payload = parse(event.data);
  if (!payload) return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      data: { url: payload.url },
      ...(payload.tag ? { tag: payload.tag } : {}),
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data as { url?: string } | null)?.url ?? '/';
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        await open.navigate(target).catch(() => self.clients.openWindow(target));
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});

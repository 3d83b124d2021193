import { lazy, Suspense, useState } from 'react';
import { unreadOf, useNotifications } from '../api/get-notifications.ts';
import { BellButton } from './bell-button.tsx';

// The list (Radix menu) loads right after the first paint, outside the first page's JavaScript.
const NotificationMenu = lazy(() =>
  import('./notification-menu.tsx').then((module) => ({ default: module.NotificationMenu })),
);

/** The bell with the unread count; it opens the recent notifications. */
export function NotificationBell({ userId }: { userId: string }) {
  const notifications = useNotifications(userId);
  const [openWhenLoaded, setOpenWhenLoaded] = useState(false);
  const unread = unreadOf(notifications.data);
  return (
    <Suspense fallback={<BellButton unread={unread} onClick={() => setOpenWhenLoaded(true)} />}>
      <NotificationMenu userId={userId} defaultOpen={openWhenLoaded} />
    </Suspense>
  );
}

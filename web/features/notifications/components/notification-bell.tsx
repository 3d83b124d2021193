import { lazy, Suspense, useState } from 'react';
import { usePrefetchWhenIdle } from '../../../lib/page-idle.ts';
import { unreadOf, useNotifications } from '../api/get-notifications.ts';
import { BellButton } from './bell-button.tsx';

// The list (Radix menu) is fetched once the page is idle and takes the bell's place at the first
// tap, opened: outside the first page's JavaScript and the work that puts the page on screen.
const loadMenu = () => import('./notification-menu.tsx');
const NotificationMenu = lazy(() => loadMenu().then((module) => ({ default: module.NotificationMenu })));

/** The bell with the unread count; it opens the recent notifications. */
export function NotificationBell({ userId }: { userId: string }) {
  const notifications = useNotifications(userId);
  // Set at the first press (pointer down, or a click from the keyboard): the menu mounts open.
  const [wanted, setWanted] = useState(false);
  usePrefetchWhenIdle(loadMenu);
  const unread = unreadOf(notifications.data);
  const button = (
    <BellButton
      unread={unread}
      onPointerEnter={() => void loadMenu()}
      onPointerDown={() => setWanted(true)}
      onClick={() => setWanted(true)}
    />
  );
  return (
    <Suspense fallback={button}>
      {wanted ? <NotificationMenu userId={userId} defaultOpen /> : button}
    </Suspense>
  );
}

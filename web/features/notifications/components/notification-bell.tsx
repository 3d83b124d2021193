import { lazy } from 'react';
import { MenuOnPress } from '../../../components/menu-on-press.tsx';
import { unreadOf, useNotifications } from '../api/get-notifications.ts';
import { BellButton } from './bell-button.tsx';

const loadMenu = () => import('./notification-menu.tsx');
const NotificationMenu = lazy(() => loadMenu().then((module) => ({ default: module.NotificationMenu })));

/** The bell with the unread count; it opens the recent notifications (a Radix menu, on press). */
export function NotificationBell({ userId }: { userId: string }) {
  const notifications = useNotifications(userId);
  const unread = unreadOf(notifications.data);
  return (
    <MenuOnPress
      load={loadMenu}
      code="notifications"
      trigger={(handlers) => <BellButton unread={unread} {...handlers} />}
    >
      <NotificationMenu userId={userId} defaultOpen />
    </MenuOnPress>
  );
}

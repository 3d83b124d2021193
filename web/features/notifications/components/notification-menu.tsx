import { useQueryClient } from '@tanstack/react-query';
import { BellOff } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import {
  type NotificationPages,
  notificationKeys,
  unreadOf,
  useNotifications,
} from '../api/get-notifications.ts';
import { markNotificationsRead } from '../api/mark-notifications-read.ts';
import { allRead } from '../cache.ts';
import { BellButton } from './bell-button.tsx';
import { NotificationItem } from './notification-item.tsx';

/**
 * The recent notifications under the bell. Opening it marks them all read: the count clears at
 * once, while the new ones stay highlighted until the list is closed.
 */
export function NotificationMenu({ userId, defaultOpen = false }: { userId: string; defaultOpen?: boolean }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notifications = useNotifications(userId);
  const [open, setOpen] = useState(defaultOpen);
  const key = useMemo(() => notificationKeys.list(userId), [userId]);
  const unread = unreadOf(notifications.data);
  const items = notifications.data?.pages.flatMap((page) => page.items) ?? [];

  // While the list is open, what it shows counts as read (also what arrives meanwhile).
  const loaded = notifications.isSuccess;
  useEffect(() => {
    if (!open || !loaded || unread === 0) return;
    queryClient.setQueryData<NotificationPages>(key, (old) => allRead(old, false));
    markNotificationsRead().catch((error: unknown) => {
      console.warn('Could not mark notifications read', error);
      void queryClient.invalidateQueries({ queryKey: key });
    });
  }, [open, loaded, unread, queryClient, key]);

  function onOpenChange(next: boolean): void {
    setOpen(next);
    if (!next) queryClient.setQueryData<NotificationPages>(key, (old) => allRead(old, true));
  }

  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>
        <BellButton unread={unread} />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-[min(22rem,calc(100vw-1.5rem))] p-0">
        <DropdownMenuLabel className="px-3 py-2.5">Notifications</DropdownMenuLabel>
        <DropdownMenuSeparator className="mx-0 my-0" />
        <div className="max-h-[min(26rem,70dvh)] overflow-y-auto p-1">
          {notifications.isPending ? (
            <div className="flex flex-col gap-3 p-2" role="status" aria-label="Loading notifications">
              {[0, 1, 2].map((row) => (
                <div key={row} className="flex items-center gap-3">
                  <Skeleton className="size-9 rounded-full" />
                  <Skeleton className="h-4 flex-1" />
                </div>
              ))}
            </div>
          ) : notifications.isError ? (
            <>
              <p className="px-2 py-3 text-sm text-muted-foreground">Could not load your notifications.</p>
              <DropdownMenuItem
                onSelect={(event) => {
                  event.preventDefault();
                  void notifications.refetch();
                }}
              >
                Try again
              </DropdownMenuItem>
            </>
          ) : items.length === 0 ? (
            <div className="flex flex-col items-center gap-2 px-4 py-8 text-center">
              <BellOff aria-hidden="true" className="size-6 text-muted-foreground" />
              <p className="text-sm font-medium">No notifications yet</p>
              <p className="text-xs text-muted-foreground">
                New followers, subscribers, purchases and likes show up here.
              </p>
            </div>
          ) : (
            <>
              {items.map((notification) => (
                <DropdownMenuItem
                  key={notification.id}
                  className="items-start px-2 py-2.5"
                  onSelect={() => {
                    if (notification.link) void navigate(notification.link);
                  }}
                >
                  <NotificationItem notification={notification} />
                </DropdownMenuItem>
              ))}
              {notifications.hasNextPage ? (
                <DropdownMenuItem
                  className="justify-center text-primary"
                  disabled={notifications.isFetchingNextPage}
                  onSelect={(event) => {
                    event.preventDefault();
                    void notifications.fetchNextPage();
                  }}
                >
                  {notifications.isFetchingNextPage ? 'Loading…' : 'Show older'}
                </DropdownMenuItem>
              ) : null}
            </>
          )}
        </div>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

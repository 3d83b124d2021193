import { MessageSync } from '../../features/messages/components/message-sync.tsx';
import { NotificationSync } from '../../features/notifications/components/notification-sync.tsx';
import { useEventStreamConnection } from '../../lib/event-stream.ts';

/**
 * The tab's one event stream while signed in (closed on logout), feeding messages and notifications.
 * Loaded by top-bar.tsx only for a signed-in visitor: a visitor's first page does without its code.
 */
export function LiveUpdates({ token, userId }: { token: string; userId: string }) {
  useEventStreamConnection(token);
  return (
    <>
      <MessageSync userId={userId} />
      <NotificationSync userId={userId} />
    </>
  );
}

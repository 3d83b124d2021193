import { useConversations } from '../api/get-conversations.ts';

/**
 * How many conversations have unread messages, on the Messages navigation item. It reads the same
 * cached list the Messages page shows, which the event stream keeps current.
 */
export function MessagesNavBadge({ userId, collapsed }: { userId: string; collapsed: boolean }) {
  const conversations = useConversations(userId);
  const unread =
    conversations.data?.pages.reduce(
      (count, page) => count + page.items.filter((item) => item.unread).length,
      0,
    ) ?? 0;
  if (unread === 0) return null;
  const label = `${unread} unread ${unread === 1 ? 'conversation' : 'conversations'}`;
  if (collapsed) {
    return (
      <span className="absolute top-1.5 right-3 flex h-4 min-w-4 items-center justify-center rounded-full bg-primary px-1 text-[10px] leading-none font-semibold text-primary-foreground ring-2 ring-background">
        <span aria-hidden="true">{unread > 9 ? '9+' : unread}</span>
        <span className="sr-only">{label}</span>
      </span>
    );
  }
  return (
    <span className="flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground">
      <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}

import { useMessageEvents } from '../use-message-events.ts';

/** Mounted once in the app shell while signed in: live messages and receipts into the caches. */
export function MessageSync({ userId }: { userId: string }) {
  useMessageEvents(userId);
  return null;
}

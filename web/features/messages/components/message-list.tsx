import { Loader2, MessageCircle } from 'lucide-react';
import { Fragment, useLayoutEffect, useRef, useState } from 'react';
import type { ChatMessage, Conversation } from '#common/schemas/messages.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDayLabel } from '../../../lib/format.ts';
import { ReportDialog } from '../../safety/index.ts';
import { useThread } from '../api/get-messages.ts';
import { threadMessages } from '../cache.ts';
import { type PendingMessage, usePendingMessages } from '../pending-store.ts';
import { useSendMessage } from '../use-send-message.ts';
import { type DeliveryState, MessageBubble } from './message-bubble.tsx';

/** Older pages load when the reader scrolls this close to the top. */
const LOAD_OLDER_PX = 150;
/** New messages keep the view at the bottom when the reader was this close to it. */
const STICK_TO_BOTTOM_PX = 120;

type Row =
  | { kind: 'day'; key: string; label: string }
  | { kind: 'message'; key: string; message: ChatMessage }
  | { kind: 'pending'; key: string; pending: PendingMessage };

function rowsOf(messages: ChatMessage[], pending: PendingMessage[]): Row[] {
  const rows: Row[] = [];
  let lastDay = '';
  const addDay = (iso: string) => {
    const day = new Date(iso).toDateString();
    if (day === lastDay) return;
    lastDay = day;
    rows.push({ kind: 'day', key: `day-${day}`, label: formatDayLabel(iso) });
  };
  for (const message of messages) {
    addDay(message.createdAt);
    rows.push({ kind: 'message', key: message.id, message });
  }
  for (const item of pending) {
    addDay(item.createdAt);
    rows.push({ kind: 'pending', key: `pending-${item.clientId}`, pending: item });
  }
  return rows;
}

function ThreadSkeleton() {
  return (
    <div role="status" aria-label="Loading messages" className="flex flex-col gap-3 p-4">
      <Skeleton className="h-10 w-1/2 rounded-2xl" />
      <Skeleton className="ml-auto h-10 w-2/5 rounded-2xl" />
      <Skeleton className="h-14 w-3/5 rounded-2xl" />
      <Skeleton className="ml-auto h-10 w-1/3 rounded-2xl" />
    </div>
  );
}

/**
 * The conversation, oldest at the top. Scrolling up loads older pages without moving what is on
 * screen; a new message scrolls into view when the reader was at the bottom (or sent it).
 */
export function MessageList({ userId, conversation }: { userId: string; conversation: Conversation }) {
  const thread = useThread(userId, conversation.id);
  const { retry, discard } = useSendMessage(userId, conversation.id);
  const [reporting, setReporting] = useState<string | null>(null);
  const messages = threadMessages(thread.data);
  const sentIds = new Set(messages.map((message) => message.clientId).filter(Boolean));
  const pending = usePendingMessages(userId, conversation.id).filter((item) => !sentIds.has(item.clientId));
  const rows = rowsOf(messages, pending);

  const lastMine = [...messages].reverse().find((message) => message.senderId === userId);
  const stateOf = (message: ChatMessage): DeliveryState =>
    conversation.otherReadAt && conversation.otherReadAt >= message.createdAt ? 'read' : 'sent';

  const scroller = useRef<HTMLDivElement>(null);
  const oldestId = messages[0]?.id ?? null;
  const newestKey = rows.at(-1)?.key ?? null;
  const newestIsMine = pending.length > 0 || messages.at(-1)?.senderId === userId;
  const seen = useRef({ ready: false, height: 0, top: 0, oldestId, newestKey });
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isSuccess } = thread;

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || !isSuccess) return;
    const before = seen.current;
    if (!before.ready) {
      element.scrollTop = element.scrollHeight;
    } else if (oldestId !== before.oldestId && before.oldestId !== null) {
      // Older messages went in above: keep the same messages under the reader's eyes.
      element.scrollTop = before.top + (element.scrollHeight - before.height);
    } else if (newestKey !== before.newestKey) {
      const wasAtBottom = before.top + element.clientHeight >= before.height - STICK_TO_BOTTOM_PX;
      if (wasAtBottom || newestIsMine) element.scrollTop = element.scrollHeight;
    }
    seen.current = { ready: true, height: element.scrollHeight, top: element.scrollTop, oldestId, newestKey };
    // Too few messages to scroll: nothing would ever ask for older ones, so ask now.
    if (element.scrollHeight <= element.clientHeight && hasNextPage && !isFetchingNextPage) {
      void fetchNextPage();
    }
  });

  function onScroll(): void {
    const element = scroller.current;
    if (!element) return;
    seen.current = { ...seen.current, top: element.scrollTop, height: element.scrollHeight };
    if (element.scrollTop < LOAD_OLDER_PX && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }

  return (
    <div
      ref={scroller}
      onScroll={onScroll}
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 py-4 sm:px-5"
    >
      {thread.isPending ? (
        <ThreadSkeleton />
      ) : thread.isError ? (
        <div className="flex flex-col items-center gap-2 py-10 text-center">
          <p className="text-sm text-muted-foreground">{thread.error.message}</p>
          <Button size="sm" variant="outline" onClick={() => void thread.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <div className="flex min-h-9 justify-center pb-3">
            {isFetchingNextPage ? (
              <span role="status" className="flex items-center gap-2 text-xs text-muted-foreground">
                <Loader2 aria-hidden="true" className="size-4 animate-spin" />
                Loading older messages…
              </span>
            ) : hasNextPage ? (
              <Button variant="ghost" size="sm" onClick={() => void fetchNextPage()}>
                Load older messages
              </Button>
            ) : rows.length > 0 ? (
              <span className="text-xs text-muted-foreground">This is the start of your conversation</span>
            ) : null}
          </div>
          {rows.length === 0 ? (
            <div className="flex flex-col items-center gap-2 py-10 text-center text-muted-foreground">
              <MessageCircle aria-hidden="true" className="size-8" />
              <p className="text-sm">
                {conversation.canSend
                  ? `No messages yet. Say hello to ${conversation.other.name}!`
                  : 'No messages yet.'}
              </p>
            </div>
          ) : null}
          <ol
            role="log"
            aria-label={`Messages with ${conversation.other.name}`}
            className="flex flex-col gap-2"
          >
            {rows.map((row) => (
              <Fragment key={row.key}>
                {row.kind === 'day' ? (
                  <li className="py-2 text-center text-xs font-medium text-muted-foreground">{row.label}</li>
                ) : row.kind === 'message' ? (
                  <li data-message-id={row.message.id}>
                    <MessageBubble
                      text={row.message.text}
                      tip={row.message.tip}
                      attachment={row.message.attachment}
                      messageId={row.message.id}
                      createdAt={row.message.createdAt}
                      mine={row.message.senderId === userId}
                      state={row.message.senderId === userId ? stateOf(row.message) : undefined}
                      showState={row.message.id === lastMine?.id && pending.length === 0}
                      onReport={row.message.canReport ? () => setReporting(row.message.id) : undefined}
                    />
                  </li>
                ) : (
                  <li data-client-id={row.pending.clientId}>
                    <MessageBubble
                      text={row.pending.text}
                      createdAt={row.pending.createdAt}
                      mine
                      state={row.pending.state}
                      showState
                      error={row.pending.error}
                      onRetry={() => retry(row.pending.clientId)}
                      onDiscard={() => discard(row.pending.clientId)}
                    />
                  </li>
                )}
              </Fragment>
            ))}
          </ol>
        </>
      )}
      {reporting ? (
        <ReportDialog
          target={{ type: 'message', id: reporting }}
          open
          onOpenChange={(next) => {
            if (!next) setReporting(null);
          }}
        />
      ) : null}
    </div>
  );
}

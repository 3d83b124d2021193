import { useQueryClient } from '@tanstack/react-query';
import { CloudOff, MessageCircleOff } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useMediaQuery } from '../../../hooks/use-media-query.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { ChatSafetyMenu } from '../../safety/index.ts';
import { TipButton } from '../../tips/index.ts';
import { useConversation } from '../api/get-conversation.ts';
import { markConversationRead } from '../api/mark-read.ts';
import { createMessageCache } from '../cache.ts';
import { usePageVisible } from '../use-page-visible.ts';
import { useSendAttachment } from '../use-send-attachment.ts';
import { useSendMessage } from '../use-send-message.ts';
import { CannotSendNotice } from './cannot-send-notice.tsx';
import { ChatHeader } from './chat-header.tsx';
import { Composer } from './composer.tsx';
import { MessageList } from './message-list.tsx';
import { PaneNotice } from './pane-notice.tsx';

function PaneSkeleton() {
  return (
    <div role="status" aria-label="Loading conversation" className="flex flex-1 flex-col">
      <div className="flex items-center gap-3 border-b border-border px-4 py-3">
        <Skeleton className="size-10 rounded-full" />
        <Skeleton className="h-4 w-40" />
      </div>
      <div className="flex-1" />
    </div>
  );
}

/**
 * One conversation: who it is with, the messages, and the composer (or why the viewer cannot
 * write). Seeing new messages from the other side marks the conversation read.
 */
export function ChatPane({ userId, conversationId }: { userId: string; conversationId: string }) {
  const queryClient = useQueryClient();
  const cache = useMemo(() => createMessageCache(queryClient, userId), [queryClient, userId]);
  const query = useConversation(userId, conversationId, cache.find(conversationId));
  const conversation = query.data;
  const visible = usePageVisible();
  const wide = useMediaQuery('(min-width: 768px)');
  const { send } = useSendMessage(userId, conversationId);
  const attachment = useSendAttachment(userId, conversationId);

  const unread = conversation?.unread ?? false;
  const lastId = conversation?.lastMessage?.id ?? null;
  const markedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!unread || !visible) return;
    const key = `${conversationId}:${lastId}`;
    if (markedFor.current === key) return;
    markedFor.current = key;
    markConversationRead(conversationId)
      .then(() => cache.read({ conversationId, readerId: userId, readAt: new Date().toISOString() }))
      .catch((error: unknown) => {
        markedFor.current = null;
        console.warn('Could not mark the conversation read', error);
      });
  }, [unread, visible, conversationId, lastId, cache, userId]);

  if (!conversation) {
    if (query.isError) {
      if (query.error instanceof ApiError && query.error.status === 404) {
        return (
          <PaneNotice icon={MessageCircleOff} title="Conversation not found">
            <p className="max-w-xs text-sm text-muted-foreground">
              It may have been removed, or it belongs to another account.
            </p>
          </PaneNotice>
        );
      }
      return (
        <PaneNotice icon={CloudOff} title="Could not load this conversation">
          <p className="max-w-xs text-sm text-muted-foreground">{query.error.message}</p>
          <Button size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </PaneNotice>
      );
    }
    return <PaneSkeleton />;
  }

  return (
    <section aria-labelledby="chat-with" className="flex min-h-0 flex-1 flex-col">
      <ChatHeader
        person={conversation.other}
        actions={
          <>
            {conversation.other.handle ? (
              <TipButton
                creator={{ handle: conversation.other.handle, name: conversation.other.name }}
                appearance="icon"
              />
            ) : null}
            <ChatSafetyMenu person={conversation.other} />
          </>
        }
      />
      <MessageList userId={userId} conversation={conversation} />
      {conversation.canSend ? (
        <Composer
          recipientName={conversation.other.name}
          onSend={send}
          autoFocus={wide}
          {...(conversation.canAttachMedia
            ? { onSendAttachment: attachment.send, attachProgress: attachment.progress }
            : {})}
        />
      ) : (
        <CannotSendNotice conversation={conversation} />
      )}
    </section>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { useLocation } from 'react-router';
import { routes } from '#common/routes.ts';
import type { ChatMessage } from '#common/schemas/messages.ts';
import { useStreamEvent, useStreamOpen } from '../../lib/event-stream.ts';
import { toast } from '../../lib/toast.ts';
import { messageKeys } from './api/keys.ts';
import { readMessage } from './api/read-response.ts';
import { createMessageCache } from './cache.ts';
import { pendingMessages } from './pending-store.ts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function createdMessage(data: unknown): ChatMessage | null {
  try {
    return isRecord(data) ? readMessage(data.message) : null;
  } catch {
    return null;
  }
}

function readReceipt(data: unknown): { conversationId: string; readerId: string; readAt: string } | null {
  if (!isRecord(data)) return null;
  const { conversationId, readerId, readAt } = data;
  if (typeof conversationId !== 'string' || typeof readerId !== 'string' || typeof readAt !== 'string') {
    return null;
  }
  return { conversationId, readerId, readAt };
}

/**
 * Keeps every cached conversation, list and open chat current from the event stream: new messages,
 * read receipts and changed conversations; after a reconnect, what the replay may not cover is
 * fetched again. Away from the Messages page a new message also shows a toast.
 */
export function useMessageEvents(userId: string) {
  const queryClient = useQueryClient();
  const cache = useMemo(() => createMessageCache(queryClient, userId), [queryClient, userId]);
  const { pathname } = useLocation();
  const onMessagesPage = useRef(false);
  onMessagesPage.current = pathname.startsWith(routes.messages);

  useStreamEvent('message.created', (event) => {
    const message = createdMessage(event.data);
    if (!message) return;
    cache.addMessage(message);
    if (message.senderId === userId) {
      if (message.clientId) pendingMessages.remove(message.clientId);
      return;
    }
    if (!onMessagesPage.current) {
      const name = cache.find(message.conversationId)?.other.name;
      toast.message(name ? `New message from ${name}` : 'You have a new message');
    }
  });

  useStreamEvent('message.updated', (event) => {
    const message = createdMessage(event.data);
    if (message) cache.replaceMessage(message);
  });

  useStreamEvent('message.read', (event) => {
    const read = readReceipt(event.data);
    if (read) cache.read(read);
  });

  useStreamEvent('conversation.updated', (event) => {
    const id = isRecord(event.data) ? event.data.conversationId : null;
    if (typeof id === 'string') cache.refresh(id);
  });

  useStreamOpen(({ reconnected }) => {
    if (reconnected) void queryClient.invalidateQueries({ queryKey: messageKeys.all(userId) });
  });
}

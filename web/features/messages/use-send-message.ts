import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { sendMessage } from './api/send-message.ts';
import { createMessageCache } from './cache.ts';
import { newClientId } from './client-id.ts';
import { pendingMessages } from './pending-store.ts';

/**
 * Sends a message: it shows at once as 'sending', becomes a sent message when the server stores it
 * (or when the event stream brings it first), or stays as 'failed' with the reason and a Retry.
 */
export function useSendMessage(userId: string, conversationId: string) {
  const queryClient = useQueryClient();
  const cache = useMemo(() => createMessageCache(queryClient, userId), [queryClient, userId]);

  const deliver = useCallback(
    (text: string, clientId: string) => {
      const createdAt = pendingMessages.get(clientId)?.createdAt ?? new Date().toISOString();
      pendingMessages.put({
        clientId,
        userId,
        conversationId,
        text,
        state: 'sending',
        error: null,
        createdAt,
      });
      sendMessage(conversationId, { text, clientId })
        .then((message) => {
          cache.addMessage(message);
          pendingMessages.remove(clientId);
        })
        .catch((error: unknown) => {
          const reason = error instanceof Error ? error.message : 'Request failed';
          pendingMessages.put({
            clientId,
            userId,
            conversationId,
            text,
            state: 'failed',
            error: reason,
            createdAt,
          });
          // Refused (a block, a new subscribers-only rule): the pane then says why instead of the composer.
          if (error instanceof ApiError && (error.status === 403 || error.status === 404)) {
            cache.refresh(conversationId);
          }
        });
    },
    [cache, conversationId, userId],
  );

  const send = useCallback((text: string) => deliver(text, newClientId()), [deliver]);
  const retry = useCallback(
    (clientId: string) => {
      const pending = pendingMessages.get(clientId);
      if (pending) deliver(pending.text, clientId);
    },
    [deliver],
  );
  const discard = useCallback((clientId: string) => pendingMessages.remove(clientId), []);
  return { send, retry, discard };
}

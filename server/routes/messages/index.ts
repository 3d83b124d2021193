import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  chatMessageSchema,
  conversationListSchema,
  conversationSchema,
  messageLimits,
  messagePageSchema,
  openConversationSchema,
  purchasedMessageListSchema,
  sendMessageSchema,
} from '../../../common/schemas/messages.ts';
import { pageOf, pageQuery, pageQuerySchema } from '../../../common/schemas/pagination.ts';
import {
  presentConversationList,
  presentConversationView,
  presentMessagePage,
  presentMessageView,
  presentPurchasedMessages,
} from '../../presenters/messages/message.ts';
import type { MessagesService } from '../../services/messages/messages.service.ts';
import { endpoint, registerEndpoints } from '../endpoints.ts';

const idParams = z.object({ id: z.string().max(64) });

/** Conversations and their messages: the endpoints, as declarations (server/routes/endpoints.ts). */
export function messageEndpoints(messages: MessagesService) {
  return [
    endpoint({
      method: 'GET',
      url: '/api/conversations',
      summary: 'Your conversations, most recent first; `q` filters by name or handle',
      caller: 'user',
      query: pageQuery.extend({ q: z.string().max(100).optional() }),
      response: conversationListSchema,
      errors: [400],
      handler: async ({ user, query }) =>
        presentConversationList(
          await messages.list(user, {
            ...pageOf(query),
            ...(query.q ? { query: query.q } : {}),
          }),
        ),
    }),
    endpoint({
      method: 'POST',
      url: '/api/conversations',
      summary: 'Open the conversation with a user, starting it if new',
      caller: 'user',
      body: openConversationSchema,
      response: conversationSchema,
      errors: [400, 403, 404],
      handler: async ({ user, body }) => presentConversationView(await messages.open(user, body.userId)),
    }),
    endpoint({
      method: 'GET',
      url: '/api/conversations/:id',
      summary: 'One of your conversations',
      caller: 'user',
      params: idParams,
      response: conversationSchema,
      errors: [404],
      handler: async ({ user, params }) => presentConversationView(await messages.get(user, params.id)),
    }),
    endpoint({
      method: 'GET',
      url: '/api/conversations/:id/messages',
      summary: 'Messages, newest page first; `nextCursor` loads older ones',
      caller: 'user',
      params: idParams,
      query: pageQuerySchema({ defaultLimit: messageLimits.pageSize }),
      response: messagePageSchema,
      errors: [400, 404],
      handler: async ({ user, params, query }) =>
        presentMessagePage(await messages.messages(user, params.id, { ...pageOf(query) })),
    }),
    endpoint({
      method: 'POST',
      url: '/api/conversations/:id/messages',
      summary: 'Send a message (a retry with the same clientId is stored once)',
      caller: 'user',
      params: idParams,
      body: sendMessageSchema,
      status: 201,
      response: chatMessageSchema,
      errors: [400, 403, 404, 429],
      handler: async ({ user, params, body }) =>
        presentMessageView(await messages.send(user, params.id, body)),
    }),
    endpoint({
      method: 'GET',
      url: '/api/me/purchased-messages',
      summary: 'Pay-per-view messages you unlocked, latest purchase first, with their photos and videos',
      caller: 'user',
      query: pageQuery,
      response: purchasedMessageListSchema,
      errors: [400],
      handler: async ({ user, query }) =>
        presentPurchasedMessages(await messages.purchased(user, pageOf(query))),
    }),
    endpoint({
      method: 'POST',
      url: '/api/conversations/:id/read',
      summary: 'Mark the conversation read (the other side sees the receipt)',
      caller: 'user',
      params: idParams,
      status: 204,
      response: z.null(),
      errors: [404],
      handler: async ({ user, params }) => {
        await messages.markRead(user, params.id);
        return null;
      },
    }),
  ];
}

const messageRoutes: FastifyPluginAsync<{ messages: MessagesService }> = async (app, { messages }) => {
  registerEndpoints(app, ['messages'], messageEndpoints(messages));
};

export default messageRoutes;

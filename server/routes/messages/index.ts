import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import { signedIn } from '../../plugins/auth.ts';
import type { MessagingService } from '../../services/messaging/messaging.service.ts';
import { bearer, errorResponses } from '../auth/responses.ts';

const tags = ['messages'];
const idParams = z.object({ id: z.string().max(64) });

const messageRoutes: FastifyPluginAsyncZod<{ messaging: MessagingService }> = async (app, { messaging }) => {
  app.get(
    '/api/conversations',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Your conversations, most recent first; `q` filters by name or handle',
        security: bearer,
        querystring: pageQuery.extend({ q: z.string().max(100).optional() }),
        response: { 200: conversationListSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) =>
      messaging.list(signedIn(request).user, {
        ...pageOf(request.query),
        ...(request.query.q ? { query: request.query.q } : {}),
      }),
  );

  app.post(
    '/api/conversations',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Open the conversation with a user, starting it if new',
        security: bearer,
        body: openConversationSchema,
        response: { 200: conversationSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => messaging.open(signedIn(request).user, request.body.userId),
  );

  app.get(
    '/api/conversations/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'One of your conversations',
        security: bearer,
        params: idParams,
        response: { 200: conversationSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => messaging.get(signedIn(request).user, request.params.id),
  );

  app.get(
    '/api/conversations/:id/messages',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Messages, newest page first; `nextCursor` loads older ones',
        security: bearer,
        params: idParams,
        querystring: pageQuerySchema({ defaultLimit: messageLimits.pageSize }),
        response: { 200: messagePageSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      messaging.messages(signedIn(request).user, request.params.id, {
        ...pageOf(request.query),
      }),
  );

  app.post(
    '/api/conversations/:id/messages',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Send a message (a retry with the same clientId is stored once)',
        security: bearer,
        params: idParams,
        body: sendMessageSchema,
        response: { 201: chatMessageSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await messaging.send(signedIn(request).user, request.params.id, request.body)),
  );

  app.get(
    '/api/me/purchased-messages',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Pay-per-view messages you unlocked, latest purchase first, with their photos and videos',
        security: bearer,
        querystring: pageQuery,
        response: { 200: purchasedMessageListSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => messaging.purchased(signedIn(request).user, pageOf(request.query)),
  );

  app.post(
    '/api/conversations/:id/read',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Mark the conversation read (the other side sees the receipt)',
        security: bearer,
        params: idParams,
        response: { 204: z.null(), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await messaging.markRead(signedIn(request).user, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

export default messageRoutes;

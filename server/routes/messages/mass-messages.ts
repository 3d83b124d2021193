import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createMassMessageSchema,
  fanListListSchema,
  fanListNameSchema,
  fanListSchema,
  massMessageAudienceCountsSchema,
  massMessageListSchema,
  massMessageSchema,
} from '../../../common/schemas/mass-messages.ts';
import { pageOf, pageQuery } from '../../../common/schemas/pagination.ts';
import { signedIn } from '../../plugins/auth.ts';
import { presentFanList, presentMassMessage } from '../../presenters/mass-message.ts';
import type { FanListsService } from '../../services/messaging/fan-lists.service.ts';
import type { MassMessagesService } from '../../services/messaging/mass-messages.service.ts';
import { bearer, errorResponses } from '../auth/responses.ts';

const tags = ['messages'];
const idParams = z.object({ id: z.string().max(64) });
const memberParams = z.object({ id: z.string().max(64), userId: z.string().max(64) });

/** Mass messages (/api/mass-messages) and the creator's lists of fans they go to (/api/fan-lists). */
const massMessageRoutes: FastifyPluginAsyncZod<{
  massMessages: MassMessagesService;
  fanLists: FanListsService;
}> = async (app, { massMessages, fanLists }) => {
  app.get(
    '/api/mass-messages',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Your mass messages, newest first, with recipients, views, purchases and earnings',
        security: bearer,
        querystring: pageQuery,
        response: { 200: massMessageListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const page = await massMessages.list(signedIn(request).user, pageOf(request.query));
      return { items: page.rows.map(presentMassMessage), nextCursor: page.nextCursor };
    },
  );

  app.get(
    '/api/mass-messages/audiences',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'How many fans each audience holds now (blocked fans left out)',
        security: bearer,
        response: { 200: massMessageAudienceCountsSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => massMessages.audiences(signedIn(request).user),
  );

  app.post(
    '/api/mass-messages',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          'Send one message (words, photos and videos, maybe a price) to an audience; it is delivered in the background, each fan getting it in their own conversation',
        security: bearer,
        body: createMassMessageSchema,
        response: { 202: massMessageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(presentMassMessage(await massMessages.create(signedIn(request).user, request.body))),
  );

  app.get(
    '/api/mass-messages/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'One of your mass messages with how it did',
        security: bearer,
        params: idParams,
        response: { 200: massMessageSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => presentMassMessage(await massMessages.get(signedIn(request).user, request.params.id)),
  );

  app.get(
    '/api/fan-lists',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Your lists of fans; with `fan`, whether that fan is on each',
        security: bearer,
        querystring: z.object({ fan: z.string().max(64).optional() }),
        response: { 200: fanListListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      items: (await fanLists.list(signedIn(request).user, request.query.fan)).map(presentFanList),
    }),
  );

  app.post(
    '/api/fan-lists',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Make a list of fans',
        security: bearer,
        body: fanListNameSchema,
        response: { 201: fanListSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(presentFanList(await fanLists.create(signedIn(request).user, request.body.name))),
  );

  app.delete(
    '/api/fan-lists/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Delete one of your lists of fans (the fans are not told)',
        security: bearer,
        params: idParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await fanLists.remove(signedIn(request).user, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/fan-lists/:id/members/:userId',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Add one of your fans (a subscriber, past subscriber or follower) to a list',
        security: bearer,
        params: memberParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await fanLists.add(signedIn(request).user, request.params.id, request.params.userId);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/fan-lists/:id/members/:userId',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Take a fan off one of your lists',
        security: bearer,
        params: memberParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await fanLists.removeFan(signedIn(request).user, request.params.id, request.params.userId);
      return reply.status(204).send(null);
    },
  );
};

export default massMessageRoutes;

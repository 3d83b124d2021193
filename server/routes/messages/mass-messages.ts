import type { FastifyPluginAsync } from 'fastify';
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
import { presentFanList, presentMassMessage } from '../../presenters/messages/mass-message.ts';
import type { FanListsService } from '../../services/messages/fan-lists.service.ts';
import type { MassMessagesService } from '../../services/messages/mass-messages.service.ts';
import { endpoint, registerEndpoints } from '../endpoints.ts';

const idParams = z.object({ id: z.string().max(64) });
const memberParams = z.object({ id: z.string().max(64), userId: z.string().max(64) });

/** Mass messages (/api/mass-messages) and the creator's lists of fans they go to (/api/fan-lists). */
export function massMessageEndpoints(massMessages: MassMessagesService, fanLists: FanListsService) {
  return [
    endpoint({
      method: 'GET',
      url: '/api/mass-messages',
      summary: 'Your mass messages, newest first, with recipients, views, purchases and earnings',
      caller: 'user',
      query: pageQuery,
      response: massMessageListSchema,
      errors: [400, 403],
      handler: async ({ user, query }) => {
        const page = await massMessages.list(user, pageOf(query));
        return { items: page.rows.map(presentMassMessage), nextCursor: page.nextCursor };
      },
    }),
    endpoint({
      method: 'GET',
      url: '/api/mass-messages/audiences',
      summary: 'How many fans each audience holds now (blocked fans left out)',
      caller: 'user',
      response: massMessageAudienceCountsSchema,
      errors: [403],
      handler: ({ user }) => massMessages.audiences(user),
    }),
    endpoint({
      method: 'POST',
      url: '/api/mass-messages',
      summary:
        'Send one message (words, photos and videos, maybe a price) to an audience; it is delivered in the background, each fan getting it in their own conversation',
      caller: 'user',
      body: createMassMessageSchema,
      status: 202,
      response: massMessageSchema,
      errors: [400, 403],
      handler: async ({ user, body }) => presentMassMessage(await massMessages.create(user, body)),
    }),
    endpoint({
      method: 'GET',
      url: '/api/mass-messages/:id',
      summary: 'One of your mass messages with how it did',
      caller: 'user',
      params: idParams,
      response: massMessageSchema,
      errors: [403, 404],
      handler: async ({ user, params }) => presentMassMessage(await massMessages.get(user, params.id)),
    }),
    endpoint({
      method: 'GET',
      url: '/api/fan-lists',
      summary: 'Your lists of fans; with `fan`, whether that fan is on each',
      caller: 'user',
      query: z.object({ fan: z.string().max(64).optional() }),
      response: fanListListSchema,
      errors: [400, 403],
      handler: async ({ user, query }) => ({
        items: (await fanLists.list(user, query.fan)).map(presentFanList),
      }),
    }),
    endpoint({
      method: 'POST',
      url: '/api/fan-lists',
      summary: 'Make a list of fans',
      caller: 'user',
      body: fanListNameSchema,
      status: 201,
      response: fanListSchema,
      errors: [400, 403, 409],
      handler: async ({ user, body }) => presentFanList(await fanLists.create(user, body.name)),
    }),
    endpoint({
      method: 'DELETE',
      url: '/api/fan-lists/:id',
      summary: 'Delete one of your lists of fans (the fans are not told)',
      caller: 'user',
      params: idParams,
      status: 204,
      response: z.null(),
      errors: [403, 404],
      handler: async ({ user, params }) => {
        await fanLists.remove(user, params.id);
        return null;
      },
    }),
    endpoint({
      method: 'PUT',
      url: '/api/fan-lists/:id/members/:userId',
      summary: 'Add one of your fans (a subscriber, past subscriber or follower) to a list',
      caller: 'user',
      params: memberParams,
      status: 204,
      response: z.null(),
      errors: [403, 404],
      handler: async ({ user, params }) => {
        await fanLists.add(user, params.id, params.userId);
        return null;
      },
    }),
    endpoint({
      method: 'DELETE',
      url: '/api/fan-lists/:id/members/:userId',
      summary: 'Take a fan off one of your lists',
      caller: 'user',
      params: memberParams,
      status: 204,
      response: z.null(),
      errors: [403, 404],
      handler: async ({ user, params }) => {
        await fanLists.removeFan(user, params.id, params.userId);
        return null;
      },
    }),
  ];
}

const massMessageRoutes: FastifyPluginAsync<{
  massMessages: MassMessagesService;
  fanLists: FanListsService;
}> = async (app, { massMessages, fanLists }) => {
  registerEndpoints(app, ['messages'], massMessageEndpoints(massMessages, fanLists));
};

export default massMessageRoutes;

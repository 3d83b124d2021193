import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  creatorListResponseSchema,
  creatorProfileSchema,
  followStateSchema,
  handleAvailabilitySchema,
  myCreatorResponseSchema,
  updateCreatorProfileSchema,
} from '../../../common/schemas/creators.ts';
import { messageSettingsSchema } from '../../../common/schemas/messages.ts';
import { pageOf, pageQuery } from '../../../common/schemas/pagination.ts';
import {
  presentCreatorPage,
  presentCreatorSuggestions,
  presentMyCreator,
} from '../../presenters/creators/creator.ts';
import type { CreatorsService } from '../../services/creators/creators.service.ts';
import { endpoint, registerEndpoints } from '../endpoints.ts';

const handleParams = z.object({ handle: z.string().min(1).max(64) });

/** Creator pages, your own profile and following: the endpoints, as declarations (server/routes/endpoints.ts). */
export function profileEndpoints(creators: CreatorsService) {
  const follow = (method: 'POST' | 'DELETE', summary: string, following: boolean) =>
    endpoint({
      method,
      url: '/api/creators/:handle/follow',
      summary,
      caller: 'user',
      params: handleParams,
      response: followStateSchema,
      errors: [403, 404],
      handler: ({ user, params }) =>
        following ? creators.follow(user, params.handle) : creators.unfollow(user, params.handle),
    });
  return [
    endpoint({
      method: 'GET',
      url: '/api/creators',
      summary:
        'Approved creators to suggest: newest first, never yourself, followed or blocked (keyset pages)',
      caller: 'visitor',
      query: pageQuery,
      response: creatorListResponseSchema,
      errors: [400],
      handler: async ({ user, query }) =>
        presentCreatorSuggestions(
          await creators.list({ ...pageOf(query), ...(user ? { viewer: user } : {}) }),
        ),
    }),
    endpoint({
      method: 'GET',
      url: '/api/creators/handle-availability',
      summary: 'Whether a handle may be used (your own current handle counts as available)',
      caller: 'visitor',
      query: z.object({ handle: z.string().max(64).default('') }),
      response: handleAvailabilitySchema,
      handler: ({ user, query }) => creators.handleAvailability(user, query.handle),
    }),
    endpoint({
      method: 'GET',
      url: '/api/creators/me',
      summary: 'Your creator profile (null when you are not a creator) and your library counts',
      caller: 'user',
      response: myCreatorResponseSchema,
      handler: async ({ user }) => presentMyCreator(await creators.mine(user)),
    }),
    endpoint({
      method: 'PATCH',
      url: '/api/creators/me',
      summary: 'Edit your creator profile; a changed handle keeps old links working',
      caller: 'user',
      body: updateCreatorProfileSchema,
      response: creatorProfileSchema,
      errors: [400, 404, 409],
      handler: async ({ user, body }) => presentCreatorPage(await creators.update(user, body)),
    }),
    endpoint({
      method: 'GET',
      url: '/api/creators/me/message-settings',
      summary: 'Who may start writing to you',
      caller: 'user',
      response: messageSettingsSchema,
      errors: [400, 404],
      handler: ({ user }) => creators.messageSettings(user),
    }),
    endpoint({
      method: 'PUT',
      url: '/api/creators/me/message-settings',
      summary: 'Take messages from subscribers only, or from everyone',
      caller: 'user',
      body: messageSettingsSchema,
      response: messageSettingsSchema,
      errors: [400, 404],
      handler: ({ user, body }) => creators.setMessageSettings(user, body),
    }),
    endpoint({
      method: 'GET',
      url: '/api/creators/:handle',
      summary:
        'A creator page by id, handle or former handle (its `handle` is the current one); 403 BLOCKED_BY_YOU for a creator the viewer blocked',
      caller: 'visitor',
      params: handleParams,
      response: creatorProfileSchema,
      errors: [403, 404],
      handler: async ({ user, params }) => presentCreatorPage(await creators.get(user, params.handle)),
    }),
    follow('POST', 'Follow a creator (idempotent)', true),
    follow('DELETE', 'Unfollow a creator (idempotent)', false),
  ];
}

const profileRoutes: FastifyPluginAsyncZod<{ creators: CreatorsService }> = async (app, { creators }) => {
  registerEndpoints(app, ['creators'], profileEndpoints(creators));
};

export default profileRoutes;

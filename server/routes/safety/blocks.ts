import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf, pageQuery } from '../../../common/schemas/pagination.ts';
import { blockedUserListSchema, blockUserSchema, safetyMessages } from '../../../common/schemas/safety.ts';
import { presentBlockedUser } from '../../presenters/safety/safety.ts';
import type { BlocksService } from '../../services/safety/blocks.service.ts';
import { endpoint, registerEndpoints } from '../endpoints.ts';

const userParams = z.object({ userId: z.uuid() });
const done = z.object({ message: z.string() });

/** Blocking people, and taking a blocked person out of one's followers and subscribers. */
export function blockEndpoints(blocks: BlocksService) {
  return [
    endpoint({
      method: 'GET',
      url: '/api/me/blocks',
      summary: 'The people you blocked, newest first; `q` searches their name and @handle',
      caller: 'user',
      query: pageQuery.extend({ q: z.string().max(254).optional() }),
      response: blockedUserListSchema,
      errors: [400],
      handler: async ({ user, query }) => {
        const { rows, nextCursor } = await blocks.list(user.id, {
          ...pageOf(query),
          ...(query.q ? { query: query.q } : {}),
        });
        return { items: rows.map(presentBlockedUser), nextCursor };
      },
    }),
    endpoint({
      method: 'POST',
      url: '/api/me/blocks',
      summary: 'Block a user: no follows, subscriptions, messages or pages between you any more',
      caller: 'user',
      body: blockUserSchema,
      response: done,
      errors: [400, 403, 404],
      handler: async ({ user, body }) => {
        await blocks.block(user, body.userId);
        return { message: safetyMessages.blocked };
      },
    }),
    endpoint({
      method: 'DELETE',
      url: '/api/me/blocks/:userId',
      summary: 'Unblock a user',
      caller: 'user',
      params: userParams,
      response: done,
      errors: [400],
      handler: async ({ user, params }) => {
        await blocks.unblock(user.id, params.userId);
        return { message: safetyMessages.unblocked };
      },
    }),
    endpoint({
      method: 'POST',
      url: '/api/me/blocks/:userId/remove',
      summary: 'Delete User: remove them from your followers and subscribers and hide your conversation',
      caller: 'user',
      params: userParams,
      response: done,
      errors: [400, 403, 404],
      handler: async ({ user, params }) => {
        const { isCreator } = await blocks.remove(user, params.userId);
        return {
          message: isCreator
            ? 'User removed from your followers, subscribers and messages'
            : 'User removed from your messages',
        };
      },
    }),
  ];
}

const blockRoutes: FastifyPluginAsyncZod<{ blocks: BlocksService }> = async (app, { blocks }) => {
  registerEndpoints(app, ['safety'], blockEndpoints(blocks));
};

export default blockRoutes;

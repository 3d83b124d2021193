import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf, pageQuery } from '../../../common/schemas/pagination.ts';
import { blockedUserListSchema, blockUserSchema, safetyMessages } from '../../../common/schemas/safety.ts';
import { signedIn } from '../../plugins/auth.ts';
import type { BlocksService } from '../../services/safety/blocks.service.ts';
import { bearer, errorResponses } from '../auth/responses.ts';

const tags = ['safety'];
const userParams = z.object({ userId: z.uuid() });
const done = z.object({ message: z.string() });

const blockRoutes: FastifyPluginAsyncZod<{ blocks: BlocksService }> = async (app, { blocks }) => {
  app.get(
    '/api/me/blocks',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'The people you blocked, newest first; `q` searches their name and @handle',
        security: bearer,
        querystring: pageQuery.extend({ q: z.string().max(254).optional() }),
        response: { 200: blockedUserListSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) =>
      blocks.list(signedIn(request).user.id, {
        ...pageOf(request.query),
        ...(request.query.q ? { query: request.query.q } : {}),
      }),
  );

  app.post(
    '/api/me/blocks',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Block a user: no follows, subscriptions, messages or pages between you any more',
        security: bearer,
        body: blockUserSchema,
        response: { 200: done, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await blocks.block(signedIn(request).user.id, request.body.userId);
      return { message: safetyMessages.blocked };
    },
  );

  app.delete(
    '/api/me/blocks/:userId',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Unblock a user',
        security: bearer,
        params: userParams,
        response: { 200: done, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      await blocks.unblock(signedIn(request).user.id, request.params.userId);
      return { message: safetyMessages.unblocked };
    },
  );

  app.post(
    '/api/me/blocks/:userId/remove',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Delete User: remove them from your followers and subscribers and hide your conversation',
        security: bearer,
        params: userParams,
        response: { 200: done, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { isCreator } = await blocks.remove(signedIn(request).user.id, request.params.userId);
      return {
        message: isCreator
          ? 'User removed from your followers, subscribers and messages'
          : 'User removed from your messages',
      };
    },
  );
};

export default blockRoutes;

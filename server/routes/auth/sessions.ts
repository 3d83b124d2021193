import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionParamsSchema, sessionsResponseSchema } from '../../../common/schemas/auth.ts';
import { signedIn } from '../../plugins/auth.ts';
import { presentSession } from '../../presenters/session.ts';
import type { SessionService } from '../../services/auth/sessions.service.ts';
import { bearer, errorResponses } from './responses.ts';

const sessionRoutes: FastifyPluginAsyncZod<{
  sessions: SessionService;
  placeOf: (ip: string | null) => string | null;
}> = async (app, { sessions, placeOf }) => {
  app.get(
    '/api/auth/sessions',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: "The signed-in user's live sessions, most recently used first",
        security: bearer,
        response: { 200: sessionsResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const { user, session } = signedIn(request);
      const items = await sessions.list(user.id);
      return { items: items.map((item) => presentSession(item, session.id, placeOf)) };
    },
  );

  app.delete(
    '/api/auth/sessions/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Revoke one of your sessions (signs that device out)',
        security: bearer,
        params: sessionParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await sessions.revoke(signedIn(request).user, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

export default sessionRoutes;

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionParamsSchema, sessionsResponseSchema } from '../../../common/schemas/auth.ts';
import { presentSession } from '../../presenters/auth/session.ts';
import type { SessionService } from '../../services/auth/sessions.service.ts';
import { endpoint, registerEndpoints } from '../endpoints.ts';

/** Where a session was used from, by its IP (a country, or null). */
type PlaceOf = (ip: string | null) => string | null;

/** A user's sessions: the devices signed in, and signing one out. */
export function sessionEndpoints(sessions: SessionService, placeOf: PlaceOf) {
  return [
    endpoint({
      method: 'GET',
      url: '/api/auth/sessions',
      summary: "The signed-in user's live sessions, most recently used first",
      caller: 'user',
      response: sessionsResponseSchema,
      handler: async ({ user, session }) => {
        const items = await sessions.list(user.id);
        return { items: items.map((item) => presentSession(item, session.id, placeOf)) };
      },
    }),
    endpoint({
      method: 'DELETE',
      url: '/api/auth/sessions/:id',
      summary: 'Revoke one of your sessions (signs that device out)',
      caller: 'user',
      params: sessionParamsSchema,
      status: 204,
      response: z.null(),
      errors: [400, 404],
      handler: async ({ user, params }) => {
        await sessions.revoke(user, params.id);
        return null;
      },
    }),
  ];
}

const sessionRoutes: FastifyPluginAsyncZod<{ sessions: SessionService; placeOf: PlaceOf }> = async (
  app,
  { sessions, placeOf },
) => {
  registerEndpoints(app, ['auth'], sessionEndpoints(sessions, placeOf));
};

export default sessionRoutes;

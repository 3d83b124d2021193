import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { updateProfileSchema, userResponseSchema } from '../../../common/schemas/auth.ts';
import { signedIn } from '../../plugins/auth.ts';
import { presentUser } from '../../presenters/user.ts';
import type { ProfileService } from '../../services/auth/profile.service.ts';
import { bearer, errorResponses } from './responses.ts';

const profileRoutes: FastifyPluginAsyncZod<{ profile: ProfileService }> = async (app, { profile }) => {
  app.get(
    '/api/auth/profile',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        security: bearer,
        response: { 200: userResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ user: presentUser(signedIn(request).user) }),
  );

  app.post(
    '/api/auth/update-profile',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Change first name, last name or profile image (null removes it)',
        security: bearer,
        body: updateProfileSchema,
        response: { 200: userResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const user = await profile.update(signedIn(request).user, request.body);
      return { user: presentUser(user) };
    },
  );
};

export default profileRoutes;

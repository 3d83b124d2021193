import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { updateProfileSchema, userResponseSchema } from '../../../common/schemas/auth.ts';
import { presentUser } from '../../presenters/auth/user.ts';
import type { ProfileService } from '../../services/auth/profile.service.ts';
import { endpoint, registerEndpoints } from '../endpoints.ts';

/** The signed-in user's own account: reading it, changing their name and picture. */
export function profileEndpoints(profile: ProfileService) {
  return [
    endpoint({
      method: 'GET',
      url: '/api/auth/profile',
      summary: 'The signed-in user',
      caller: 'user',
      response: userResponseSchema,
      handler: async ({ user }) => ({ user: presentUser(user) }),
    }),
    endpoint({
      method: 'POST',
      url: '/api/auth/update-profile',
      summary: 'Change first name, last name or profile image (null removes it)',
      caller: 'user',
      body: updateProfileSchema,
      response: userResponseSchema,
      errors: [400],
      handler: async ({ user, body }) => ({ user: presentUser(await profile.update(user, body)) }),
    }),
  ];
}

const profileRoutes: FastifyPluginAsyncZod<{ profile: ProfileService }> = async (app, { profile }) => {
  registerEndpoints(app, ['auth'], profileEndpoints(profile));
};

export default profileRoutes;

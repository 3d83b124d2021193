import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authMessages, messageResponseSchema, signinSchema } from '../../../common/schemas/auth.ts';
import { signInAnswerSchema } from '../../../common/schemas/two-factor.ts';
import { clientInfo } from '../../plugins/auth.ts';
import { presentSignIn } from '../../presenters/auth/user.ts';
import type { SessionService } from '../../services/auth/sessions.service.ts';
import type { SignInService } from '../../services/auth/sign-in.service.ts';
import { endpoint, registerEndpoints } from '../endpoints.ts';

/** Signing in with email and password, and signing out. */
export function signinEndpoints(signIn: SignInService, sessions: SessionService) {
  return [
    endpoint({
      method: 'POST',
      url: '/api/auth/signin',
      summary:
        'Sign in with email and password: a session, or (two-step sign-in on) a challenge for POST /api/auth/signin/two-factor',
      caller: 'visitor',
      body: signinSchema,
      response: signInAnswerSchema,
      errors: [400, 401, 429],
      handler: async ({ body, request }) =>
        presentSignIn(await signIn.signIn(body.email, body.password, clientInfo(request))),
    }),
    endpoint({
      method: 'POST',
      url: '/api/auth/logout',
      summary: 'End this session: its token stops working at once',
      caller: 'user',
      response: messageResponseSchema,
      handler: async ({ session }) => {
        await sessions.end(session.id);
        return { message: authMessages.loggedOut };
      },
    }),
  ];
}

const signinRoutes: FastifyPluginAsyncZod<{ signIn: SignInService; sessions: SessionService }> = async (
  app,
  { signIn, sessions },
) => {
  registerEndpoints(app, ['auth'], signinEndpoints(signIn, sessions));
};

export default signinRoutes;

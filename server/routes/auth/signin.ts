import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authMessages, messageResponseSchema, signinSchema } from '../../../common/schemas/auth.ts';
import { signInAnswerSchema } from '../../../common/schemas/two-factor.ts';
import { clientInfo, signedIn } from '../../plugins/auth.ts';
import { presentSignIn } from '../../presenters/user.ts';
import type { SessionService } from '../../services/auth/sessions.service.ts';
import type { SignInService } from '../../services/auth/sign-in.service.ts';
import { bearer, errorResponses } from './responses.ts';

const signinRoutes: FastifyPluginAsyncZod<{ signIn: SignInService; sessions: SessionService }> = async (
  app,
  { signIn, sessions },
) => {
  app.post(
    '/api/auth/signin',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Sign in with email and password: a session, or (two-step sign-in on) a challenge for POST /api/auth/signin/two-factor',
        body: signinSchema,
        response: { 200: signInAnswerSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const { email, password } = request.body;
      return presentSignIn(await signIn.signIn(email, password, clientInfo(request)));
    },
  );

  app.post(
    '/api/auth/logout',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'End this session: its token stops working at once',
        security: bearer,
        response: { 200: messageResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      await sessions.end(signedIn(request).session.id);
      return { message: authMessages.loggedOut };
    },
  );
};

export default signinRoutes;

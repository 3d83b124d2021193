import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authResponseSchema, messageResponseSchema } from '../../../common/schemas/auth.ts';
import {
  twoFactorCodeSchema,
  twoFactorEnabledSchema,
  twoFactorMessages,
  twoFactorSetupSchema,
  twoFactorSignInSchema,
  twoFactorStatusSchema,
} from '../../../common/schemas/two-factor.ts';
import { clientInfo, signedIn } from '../../plugins/auth.ts';
import { presentUser } from '../../presenters/user.ts';
import type { TwoFactorService } from '../../services/auth/two-factor.service.ts';
import { bearer, errorResponses } from './responses.ts';

/** Two-step sign-in: its second step, setup in Settings, confirming for sensitive actions, turning off. */
const twoFactorRoutes: FastifyPluginAsyncZod<{ twoFactor: TwoFactorService }> = async (
  app,
  { twoFactor },
) => {
  app.post(
    '/api/auth/signin/two-factor',
    {
      schema: {
        tags: ['auth'],
        summary: 'The second step of sign-in: the challenge and a code from the app (or a recovery code)',
        body: twoFactorSignInSchema,
        response: { 200: authResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const { challenge, code } = request.body;
      const { token, user } = await twoFactor.completeSignIn(challenge, code, clientInfo(request));
      return { token, user: presentUser(user) };
    },
  );

  app.get(
    '/api/me/two-factor',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Whether two-step sign-in is on, and how many recovery codes are left',
        security: bearer,
        response: { 200: twoFactorStatusSchema, ...errorResponses(401) },
      },
    },
    async (request) => twoFactor.status(signedIn(request).user.id),
  );

  app.post(
    '/api/me/two-factor/setup',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'A new secret and its QR code to scan; two-step stays off until a code confirms it',
        security: bearer,
        response: { 200: twoFactorSetupSchema, ...errorResponses(401, 409) },
      },
    },
    async (request) => twoFactor.setup(signedIn(request).user),
  );

  app.post(
    '/api/me/two-factor/enable',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Turn two-step on with the first code; answers the 10 recovery codes, shown only this once',
        security: bearer,
        body: twoFactorCodeSchema,
        response: { 200: twoFactorEnabledSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request) => {
      const { user, session } = signedIn(request);
      return twoFactor.enable(user, session, request.body.code, clientInfo(request));
    },
  );

  app.post(
    '/api/me/two-factor/confirm',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Prove the second factor in this session before a sensitive action (valid 5 minutes)',
        security: bearer,
        body: twoFactorCodeSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const { user, session } = signedIn(request);
      await twoFactor.confirm(user, session, request.body.code, clientInfo(request));
      return { message: twoFactorMessages.confirmed };
    },
  );

  app.delete(
    '/api/me/two-factor',
    {
      preHandler: [app.authenticate, app.requireRecentSecondFactor],
      schema: {
        tags: ['auth'],
        summary: 'Turn two-step sign-in off (a sensitive action: confirm a code first)',
        security: bearer,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      await twoFactor.disable(signedIn(request).user);
      return { message: twoFactorMessages.disabled };
    },
  );
};

export default twoFactorRoutes;

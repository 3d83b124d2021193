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
import { clientInfo } from '../../plugins/auth.ts';
import { presentUser } from '../../presenters/auth/user.ts';
import type { TwoFactorService } from '../../services/auth/two-factor.service.ts';
import { endpoint, registerEndpoints } from '../endpoints.ts';

/** Two-step sign-in: its second step, setup in Settings, confirming for sensitive actions, turning off. */
export function twoFactorEndpoints(twoFactor: TwoFactorService) {
  return [
    endpoint({
      method: 'POST',
      url: '/api/auth/signin/two-factor',
      summary: 'The second step of sign-in: the challenge and a code from the app (or a recovery code)',
      caller: 'visitor',
      body: twoFactorSignInSchema,
      response: authResponseSchema,
      errors: [400, 401, 403, 429],
      handler: async ({ body, request }) => {
        const { token, user } = await twoFactor.completeSignIn(
          body.challenge,
          body.code,
          clientInfo(request),
        );
        return { token, user: presentUser(user) };
      },
    }),
    endpoint({
      method: 'GET',
      url: '/api/me/two-factor',
      summary: 'Whether two-step sign-in is on, and how many recovery codes are left',
      caller: 'user',
      response: twoFactorStatusSchema,
      handler: ({ user }) => twoFactor.status(user.id),
    }),
    endpoint({
      method: 'POST',
      url: '/api/me/two-factor/setup',
      summary: 'A new secret and its QR code to scan; two-step stays off until a code confirms it',
      caller: 'user',
      response: twoFactorSetupSchema,
      errors: [409],
      handler: ({ user }) => twoFactor.setup(user),
    }),
    endpoint({
      method: 'POST',
      url: '/api/me/two-factor/enable',
      summary: 'Turn two-step on with the first code; answers the 10 recovery codes, shown only this once',
      caller: 'user',
      body: twoFactorCodeSchema,
      response: twoFactorEnabledSchema,
      errors: [400, 409, 429],
      handler: ({ user, session, body, request }) =>
        twoFactor.enable(user, session, body.code, clientInfo(request)),
    }),
    endpoint({
      method: 'POST',
      url: '/api/me/two-factor/confirm',
      summary: 'Prove the second factor in this session before a sensitive action (valid 5 minutes)',
      caller: 'user',
      body: twoFactorCodeSchema,
      response: messageResponseSchema,
      errors: [400, 429],
      handler: async ({ user, session, body, request }) => {
        await twoFactor.confirm(user, session, body.code, clientInfo(request));
        return { message: twoFactorMessages.confirmed };
      },
    }),
    endpoint({
      method: 'DELETE',
      url: '/api/me/two-factor',
      summary: 'Turn two-step sign-in off (a sensitive action: confirm a code first)',
      caller: 'user',
      secondFactor: 'recent',
      response: messageResponseSchema,
      errors: [400],
      handler: async ({ user }) => {
        await twoFactor.disable(user);
        return { message: twoFactorMessages.disabled };
      },
    }),
  ];
}

const twoFactorRoutes: FastifyPluginAsyncZod<{ twoFactor: TwoFactorService }> = async (
  app,
  { twoFactor },
) => {
  registerEndpoints(app, ['auth'], twoFactorEndpoints(twoFactor));
};

export default twoFactorRoutes;

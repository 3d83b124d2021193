import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authMessages,
  changePasswordSchema,
  forgotPasswordSchema,
  messageResponseSchema,
  resetPasswordSchema,
} from '../../../common/schemas/auth.ts';
import { clientInfo } from '../../plugins/auth.ts';
import type { PasswordService } from '../../services/auth/password.service.ts';
import { endpoint, registerEndpoints } from '../endpoints.ts';

/** Forgetting, resetting and changing the password. */
export function passwordEndpoints(passwords: PasswordService) {
  return [
    endpoint({
      method: 'POST',
      url: '/api/auth/forgot-password',
      summary: 'Email a reset link; the same answer whether or not the account exists',
      caller: 'visitor',
      body: forgotPasswordSchema,
      response: messageResponseSchema,
      errors: [400, 429],
      handler: async ({ body, request }) => {
        await passwords.forgot(body.email, clientInfo(request));
        return { message: authMessages.resetLinkSent };
      },
    }),
    endpoint({
      method: 'POST',
      url: '/api/auth/reset-password',
      summary: 'Set a new password with a reset link; signs out every session',
      caller: 'visitor',
      body: resetPasswordSchema,
      response: messageResponseSchema,
      errors: [400],
      handler: async ({ body, reply }) => {
        reply.header('referrer-policy', 'no-referrer');
        await passwords.reset(body.token, body.password);
        return { message: authMessages.passwordReset };
      },
    }),
    endpoint({
      method: 'POST',
      url: '/api/auth/change-password',
      summary: 'Change the password; signs out the other sessions and keeps this one',
      caller: 'user',
      body: changePasswordSchema,
      response: messageResponseSchema,
      errors: [400, 429],
      handler: async ({ user, session, body, request }) => {
        // A recent second step, asked here rather than declared: its 403 is not in the reference.
        await request.server.requireRecentSecondFactor(request);
        await passwords.change(user, session.id, body.currentPassword, body.newPassword, clientInfo(request));
        return { message: authMessages.passwordChanged };
      },
    }),
  ];
}

const passwordRoutes: FastifyPluginAsyncZod<{ passwords: PasswordService }> = async (app, { passwords }) => {
  registerEndpoints(app, ['auth'], passwordEndpoints(passwords));
};

export default passwordRoutes;

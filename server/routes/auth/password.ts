import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authMessages,
  changePasswordSchema,
  forgotPasswordSchema,
  messageResponseSchema,
  resetPasswordSchema,
} from '../../../common/schemas/auth.ts';
import { clientInfo, signedIn } from '../../plugins/auth.ts';
import type { PasswordService } from '../../services/auth/password.service.ts';
import { bearer, errorResponses } from './responses.ts';

const passwordRoutes: FastifyPluginAsyncZod<{ passwords: PasswordService }> = async (app, { passwords }) => {
  app.post(
    '/api/auth/forgot-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Email a reset link; the same answer whether or not the account exists',
        body: forgotPasswordSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await passwords.forgot(request.body.email, clientInfo(request));
      return { message: authMessages.resetLinkSent };
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset link; signs out every session',
        body: resetPasswordSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      reply.header('referrer-policy', 'no-referrer');
      await passwords.reset(request.body.token, request.body.password);
      return { message: authMessages.passwordReset };
    },
  );

  app.post(
    '/api/auth/change-password',
    {
      preHandler: [app.authenticate, app.requireRecentSecondFactor],
      schema: {
        tags: ['auth'],
        summary: 'Change the password; signs out the other sessions and keeps this one',
        security: bearer,
        body: changePasswordSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const { user, session } = signedIn(request);
      const { currentPassword, newPassword } = request.body;
      await passwords.change(user, session.id, currentPassword, newPassword, clientInfo(request));
      return { message: authMessages.passwordChanged };
    },
  );
};

export default passwordRoutes;

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authMessages,
  authResponseSchema,
  messageResponseSchema,
  resendVerificationSchema,
  signupResponseSchema,
  signupSchema,
  verifyEmailSchema,
} from '../../../common/schemas/auth.ts';
import { clientInfo } from '../../plugins/auth.ts';
import { presentUser } from '../../presenters/user.ts';
import type { RegistrationService } from '../../services/auth/registration.service.ts';
import { errorResponses } from './responses.ts';

const signupAndVerifyRoutes: FastifyPluginAsyncZod<{ registration: RegistrationService }> = async (
  app,
  { registration },
) => {
  app.post(
    '/api/auth/signup',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Create an account (unverified) and email a 6-digit code; the same answer when the address already has an account (its owner is emailed)',
        body: signupSchema,
        response: { 201: signupResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const { acceptTerms: _accepted, ...details } = request.body;
      const { email } = await registration.signup(details, clientInfo(request));
      return reply.status(201).send({ email, message: authMessages.signupCodeSent });
    },
  );

  app.post(
    '/api/auth/verify-email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Verify the email with its code; signs the user in',
        body: verifyEmailSchema,
        response: { 200: authResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const { email, code } = request.body;
      const { token, user } = await registration.verifyEmail(email, code, clientInfo(request));
      return { token, user: presentUser(user) };
    },
  );

  app.post(
    '/api/auth/resend-verification',
    {
      schema: {
        tags: ['auth'],
        summary: 'Email a new code (once per 600 s); the same answer for any address',
        body: resendVerificationSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await registration.resendVerification(request.body.email, clientInfo(request));
      return { message: authMessages.verificationSent };
    },
  );
};

export default signupAndVerifyRoutes;

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
import { presentUser } from '../../presenters/auth/user.ts';
import type { RegistrationService } from '../../services/auth/registration.service.ts';
import { endpoint, registerEndpoints } from '../endpoints.ts';

/** Creating an account and verifying its email. */
export function signupAndVerifyEndpoints(registration: RegistrationService) {
  return [
    endpoint({
      method: 'POST',
      url: '/api/auth/signup',
      summary:
        'Create an account (unverified) and email a 6-digit code; the same answer when the address already has an account (its owner is emailed)',
      caller: 'visitor',
      body: signupSchema,
      status: 201,
      response: signupResponseSchema,
      errors: [400, 429],
      handler: async ({ body, request }) => {
        const { acceptTerms: _accepted, ...details } = body;
        const { email } = await registration.signup(details, clientInfo(request));
        return { email, message: authMessages.signupCodeSent };
      },
    }),
    endpoint({
      method: 'POST',
      url: '/api/auth/verify-email',
      summary: 'Verify the email with its code; signs the user in',
      caller: 'visitor',
      body: verifyEmailSchema,
      response: authResponseSchema,
      errors: [400, 429],
      handler: async ({ body, request }) => {
        const { token, user } = await registration.verifyEmail(body.email, body.code, clientInfo(request));
        return { token, user: presentUser(user) };
      },
    }),
    endpoint({
      method: 'POST',
      url: '/api/auth/resend-verification',
      summary: 'Email a new code (once per 600 s); the same answer for any address',
      caller: 'visitor',
      body: resendVerificationSchema,
      response: messageResponseSchema,
      errors: [400, 429],
      handler: async ({ body, request }) => {
        await registration.resendVerification(body.email, clientInfo(request));
        return { message: authMessages.verificationSent };
      },
    }),
  ];
}

const signupAndVerifyRoutes: FastifyPluginAsyncZod<{ registration: RegistrationService }> = async (
  app,
  { registration },
) => {
  registerEndpoints(app, ['auth'], signupAndVerifyEndpoints(registration));
};

export default signupAndVerifyRoutes;

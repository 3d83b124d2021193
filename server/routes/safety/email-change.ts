import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changeEmailSchema,
  confirmEmailChangeSchema,
  emailChangeResultSchema,
  emailChangeStatusSchema,
} from '../../../common/schemas/safety.ts';
import { signedIn } from '../../plugins/auth.ts';
import type { EmailChangeService } from '../../services/safety/email-change.service.ts';
import { bearer, errorResponses } from '../auth/responses.ts';

const tags = ['account'];

const emailChangeRoutes: FastifyPluginAsyncZod<{ emailChange: EmailChangeService }> = async (
  app,
  { emailChange },
) => {
  app.get(
    '/api/me/email',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'My email address, and the change waiting for its code if there is one',
        security: bearer,
        response: { 200: emailChangeStatusSchema, ...errorResponses(401) },
      },
    },
    async (request) => emailChange.status(signedIn(request).user),
  );

  app.post(
    '/api/me/email',
    {
      preHandler: [app.authenticate, app.requireRecentSecondFactor],
      schema: {
        tags,
        summary:
          'Ask to change my email (current password needed): a 6-digit code goes to the new address; nothing changes yet',
        security: bearer,
        body: changeEmailSchema,
        response: { 200: emailChangeResultSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request) => emailChange.request(signedIn(request).user, request.body),
  );

  app.post(
    '/api/me/email/confirm',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Confirm the change with the code sent to the new address; the old address is told',
        security: bearer,
        body: confirmEmailChangeSchema,
        response: { 200: emailChangeResultSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request) => emailChange.confirm(signedIn(request).user, request.body.code),
  );
};

export default emailChangeRoutes;

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changeEmailSchema,
  confirmEmailChangeSchema,
  emailChangeResultSchema,
  emailChangeStatusSchema,
} from '../../../common/schemas/safety.ts';
import { presentEmailChangeStatus } from '../../presenters/safety/safety.ts';
import type { EmailChangeFacts, EmailChangeService } from '../../services/safety/email-change.service.ts';
import { endpoint, registerEndpoints } from '../endpoints.ts';

/** The answer of the change endpoints: where the email stands, and what just happened. */
const answer = async (facts: Promise<EmailChangeFacts & { message: string }>) => {
  const { message, email, pending } = await facts;
  return { message, ...presentEmailChangeStatus(email, pending) };
};

/** Changing one's email address: asked with the password, confirmed with a code sent to the new one. */
export function emailChangeEndpoints(emailChange: EmailChangeService) {
  return [
    endpoint({
      method: 'GET',
      url: '/api/me/email',
      summary: 'My email address, and the change waiting for its code if there is one',
      caller: 'user',
      response: emailChangeStatusSchema,
      handler: async ({ user }) => {
        const { email, pending } = await emailChange.status(user);
        return presentEmailChangeStatus(email, pending);
      },
    }),
    endpoint({
      method: 'POST',
      url: '/api/me/email',
      summary:
        'Ask to change my email (current password needed): a 6-digit code goes to the new address; nothing changes yet',
      caller: 'user',
      body: changeEmailSchema,
      response: emailChangeResultSchema,
      errors: [400, 409, 429],
      handler: async ({ user, body, request }) => {
        // A recent second step, asked here rather than declared: its 403 is not in the reference.
        await request.server.requireRecentSecondFactor(request);
        return answer(emailChange.request(user, body));
      },
    }),
    endpoint({
      method: 'POST',
      url: '/api/me/email/confirm',
      summary: 'Confirm the change with the code sent to the new address; the old address is told',
      caller: 'user',
      body: confirmEmailChangeSchema,
      response: emailChangeResultSchema,
      errors: [400, 409, 429],
      handler: ({ user, body }) => answer(emailChange.confirm(user, body.code)),
    }),
  ];
}

const emailChangeRoutes: FastifyPluginAsyncZod<{ emailChange: EmailChangeService }> = async (
  app,
  { emailChange },
) => {
  registerEndpoints(app, ['account'], emailChangeEndpoints(emailChange));
};

export default emailChangeRoutes;

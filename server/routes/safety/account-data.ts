import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteAccountSchema, safetyMessages } from '../../../common/schemas/safety.ts';
import { signedIn } from '../../plugins/auth.ts';
import type { AccountDataService } from '../../services/safety/account-data.service.ts';
import { bearer, errorResponses } from '../auth/responses.ts';
import { endpoint, registerEndpoints } from '../endpoints.ts';

/** Deleting one's account (the export, a byte stream, is registered by hand below). */
export function accountDataEndpoints(accountData: AccountDataService) {
  return [
    endpoint({
      method: 'POST',
      url: '/api/me/delete',
      summary: 'Delete my account and content (confirmed with the password); see what is kept in the docs',
      caller: 'user',
      body: deleteAccountSchema,
      response: z.object({ message: z.string() }),
      errors: [400],
      handler: async ({ user, body, request }) => {
        // A recent second step, asked here rather than declared: its 403 is not in the reference.
        await request.server.requireRecentSecondFactor(request);
        await accountData.delete(user, body.password);
        return { message: safetyMessages.accountDeleted };
      },
    }),
  ];
}

const accountDataRoutes: FastifyPluginAsyncZod<{ accountData: AccountDataService }> = async (
  app,
  { accountData },
) => {
  // Hand-written: a zip streamed uncompressed, whose success answer is bytes and is not documented.
  app.get(
    '/api/me/export',
    {
      preHandler: app.authenticate,
      compress: false,
      schema: {
        tags: ['account'],
        summary: 'Download my data: a zip of data.json (everything held about you) and your media files',
        security: bearer,
        response: errorResponses(401, 429),
      },
    },
    async (request, reply) => {
      const { filename, stream } = await accountData.export(signedIn(request).user);
      // Bytes, not JSON: the typed reply (whose schemas describe the errors) is bypassed on purpose.
      const raw = reply as unknown as FastifyReply;
      raw.headers({
        'content-type': 'application/zip',
        'content-disposition': `attachment; filename="${filename}"`,
        'cache-control': 'no-store',
      });
      return raw.send(stream);
    },
  );

  registerEndpoints(app, ['account'], accountDataEndpoints(accountData));
};

export default accountDataRoutes;

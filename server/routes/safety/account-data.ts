import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteAccountSchema, safetyMessages } from '../../../common/schemas/safety.ts';
import { signedIn } from '../../plugins/auth.ts';
import type { AccountDataService } from '../../services/safety/account-data.service.ts';
import { bearer, errorResponses } from '../auth/responses.ts';

const accountDataRoutes: FastifyPluginAsyncZod<{ accountData: AccountDataService }> = async (
  app,
  { accountData },
) => {
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

  app.post(
    '/api/me/delete',
    {
      preHandler: [app.authenticate, app.requireRecentSecondFactor],
      schema: {
        tags: ['account'],
        summary: 'Delete my account and content (confirmed with the password); see what is kept in the docs',
        security: bearer,
        body: deleteAccountSchema,
        response: { 200: z.object({ message: z.string() }), ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      await accountData.delete(signedIn(request).user, request.body.password);
      return { message: safetyMessages.accountDeleted };
    },
  );
};

export default accountDataRoutes;

import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataExportSchema, deleteAccountSchema, safetyMessages } from '../../../common/schemas/safety.ts';
import { signedIn } from '../../plugins/auth.ts';
import type { AccountDataService } from '../../services/safety/account-data.service.ts';
import { bearer, errorResponses } from '../auth/responses.ts';
import { endpoint, registerEndpoints } from '../endpoints.ts';

/**
 * "Download your data" (asked for, then made by a job) and deleting one's account. The download
 * itself, a byte stream, is registered by hand below.
 */
export function accountDataEndpoints(accountData: AccountDataService) {
  return [
    endpoint({
      method: 'GET',
      url: '/api/me/export',
      summary: 'My latest data export: none, waiting (being made), ready (size, until when) or failed (why)',
      caller: 'user',
      response: dataExportSchema,
      handler: async ({ user }) => accountData.latest(user),
    }),
    endpoint({
      method: 'POST',
      url: '/api/me/export',
      summary:
        'Ask for a zip of my data (data.json and my media files), made in the background and announced by email; asking while one is being made answers with that one',
      caller: 'user',
      status: 202,
      response: dataExportSchema,
      errors: [429],
      handler: async ({ user }) => accountData.request(user),
    }),
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
  // Hand-written: a stored zip sent as it is, whose success answer is bytes and is not documented.
  app.get(
    '/api/me/exports/:id/download',
    {
      preHandler: app.authenticate,
      compress: false,
      schema: {
        tags: ['account'],
        summary: 'Download my data export while it is kept: only its owner, signed in',
        security: bearer,
        params: z.object({ id: z.uuid() }),
        response: errorResponses(401, 404),
      },
    },
    async (request, reply) => {
      const { filename, size, stream } = await accountData.download(
        signedIn(request).user,
        request.params.id,
      );
      // Bytes, not JSON: the typed reply (whose schemas describe the errors) is bypassed on purpose.
      const raw = reply as unknown as FastifyReply;
      raw.headers({
        'content-type': 'application/zip',
        'content-length': String(size),
        'content-disposition': `attachment; filename="${filename}"`,
        'cache-control': 'private, no-store',
      });
      return raw.send(stream);
    },
  );

  registerEndpoints(app, ['account'], accountDataEndpoints(accountData));
};

export default accountDataRoutes;

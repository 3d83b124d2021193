import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { walletHistorySchema, walletSchema } from '../../../../common/schemas/fan-payments.ts';
import { pageOf, pageQuery } from '../../../../common/schemas/pagination.ts';
import { signedIn } from '../../../plugins/auth.ts';
import { presentWallet, presentWalletHistory } from '../../../presenters/billing.ts';
import type { WalletService } from '../../../services/billing/fan-payments/wallet.service.ts';
import { bearer, errorResponses } from '../../auth/responses.ts';

const walletRoutes: FastifyPluginAsyncZod<{ wallet: WalletService }> = async (app, { wallet }) => {
  app.get(
    '/api/wallet',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['wallet'],
        summary:
          "The creator's balances from the ledger (pending during the hold, available, in payout, paid out) and the first page of history",
        security: bearer,
        querystring: pageQuery.pick({ limit: true }),
        response: { 200: walletSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      presentWallet(await wallet.wallet(signedIn(request).user, { limit: request.query.limit })),
  );

  app.get(
    '/api/wallet/history',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['wallet'],
        summary: "More of the creator's earnings history, newest first",
        security: bearer,
        querystring: pageQuery,
        response: { 200: walletHistorySchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      presentWalletHistory(await wallet.history(signedIn(request).user, pageOf(request.query))),
  );
};

export default walletRoutes;

import type { FastifyPluginAsync } from 'fastify';
import { walletHistorySchema, walletSchema } from '../../../../common/schemas/fan-payments.ts';
import { pageOf, pageQuery } from '../../../../common/schemas/pagination.ts';
import { presentWallet, presentWalletHistory } from '../../../presenters/billing/billing.ts';
import type { WalletService } from '../../../services/billing/fan-payments/wallet.service.ts';
import { endpoint, registerEndpoints } from '../../endpoints.ts';

/** A creator's wallet (tags: wallet). */
export function walletEndpoints(wallet: WalletService) {
  return [
    endpoint({
      method: 'GET',
      url: '/api/wallet',
      summary:
        "The creator's balances from the ledger (pending during the hold, available, in payout, paid out) and the first page of history",
      caller: 'user',
      query: pageQuery.pick({ limit: true }),
      response: walletSchema,
      errors: [400, 403],
      handler: async ({ user, query }) => presentWallet(await wallet.wallet(user, { limit: query.limit })),
    }),
    endpoint({
      method: 'GET',
      url: '/api/wallet/history',
      summary: "More of the creator's earnings history, newest first",
      caller: 'user',
      query: pageQuery,
      response: walletHistorySchema,
      errors: [400, 403],
      handler: async ({ user, query }) => presentWalletHistory(await wallet.history(user, pageOf(query))),
    }),
  ];
}

const walletRoutes: FastifyPluginAsync<{ wallet: WalletService }> = async (app, { wallet }) => {
  registerEndpoints(app, ['wallet'], walletEndpoints(wallet));
};

export default walletRoutes;

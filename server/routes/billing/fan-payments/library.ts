import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  fanPaymentMessages as m,
  purchasesResponseSchema,
  transactionDetailSchema,
  transactionListQuerySchema,
  transactionListSchema,
} from '../../../../common/schemas/fan-payments.ts';
import { pageOf, pageQuery } from '../../../../common/schemas/pagination.ts';
import {
  presentPurchases,
  presentTransactionDetail,
  presentTransactions,
} from '../../../presenters/billing/billing.ts';
import type { FanPaymentLibrary } from '../../../services/billing/fan-payments/library.service.ts';
import type { PresentPosts } from '../../../services/posts/post-views.ts';
import { endpoint, registerEndpoints } from '../../endpoints.ts';
import { idParams, uuidOr404 } from './ids.ts';

const transactionId = uuidOr404(m.transactionNotFound);

/** Your transactions and the posts you bought. */
export function libraryEndpoints(library: FanPaymentLibrary, presentPosts: PresentPosts) {
  return [
    endpoint({
      method: 'GET',
      url: '/api/me/transactions',
      summary:
        'Transaction History: your payments and refunds, and for creators their earnings and payouts; search, status and date range',
      caller: 'user',
      query: transactionListQuerySchema,
      response: transactionListSchema,
      errors: [400],
      handler: async ({ user, query }) => presentTransactions(await library.transactions(user, query)),
    }),
    endpoint({
      method: 'GET',
      url: '/api/me/transactions/:id',
      summary: 'View Details of one transaction (id, transaction id, method, date, status, split)',
      caller: 'user',
      params: idParams,
      response: transactionDetailSchema,
      errors: [404],
      handler: async ({ user, params }) =>
        presentTransactionDetail(await library.transaction(user, transactionId(params.id))),
    }),
    endpoint({
      method: 'DELETE',
      url: '/api/me/transactions/:id',
      summary: 'Delete: hides the row from your own list only (payments and the ledger never change)',
      caller: 'user',
      params: idParams,
      status: 204,
      response: z.null(),
      errors: [404],
      handler: async ({ user, params }) => {
        await library.hide(user, transactionId(params.id));
        return null;
      },
    }),
    endpoint({
      method: 'GET',
      url: '/api/me/purchases',
      summary: "The private profile's Purchased tab: posts you unlocked, latest purchase first",
      caller: 'user',
      query: pageQuery,
      response: purchasesResponseSchema,
      errors: [400],
      handler: async ({ user, query }) =>
        presentPurchases(presentPosts, user, await library.purchases(user, pageOf(query))),
    }),
  ];
}

const libraryRoutes: FastifyPluginAsync<{
  library: FanPaymentLibrary;
  presentPosts: PresentPosts;
}> = async (app, { library, presentPosts }) => {
  registerEndpoints(app, ['fan-payments'], libraryEndpoints(library, presentPosts));
};

export default libraryRoutes;

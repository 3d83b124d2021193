import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  fanPaymentMessages as m,
  purchasesResponseSchema,
  transactionDetailSchema,
  transactionListQuerySchema,
  transactionListSchema,
} from '../../../../common/schemas/fan-payments.ts';
import { pageOf, pageQuery } from '../../../../common/schemas/pagination.ts';
import { signedIn } from '../../../plugins/auth.ts';
import {
  presentPurchases,
  presentTransactionDetail,
  presentTransactions,
} from '../../../presenters/billing.ts';
import type { FanPaymentLibrary } from '../../../services/billing/fan-payments/library.service.ts';
import type { PresentPosts } from '../../../services/posts/post-views.ts';
import { bearer, errorResponses } from '../../auth/responses.ts';
import { idParams, uuidOr404 } from './ids.ts';

const tags = ['fan-payments'];
const transactionId = uuidOr404(m.transactionNotFound);

const libraryRoutes: FastifyPluginAsyncZod<{
  library: FanPaymentLibrary;
  presentPosts: PresentPosts;
}> = async (app, { library, presentPosts }) => {
  app.get(
    '/api/me/transactions',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          'Transaction History: your payments and refunds, and for creators their earnings and payouts; search, status and date range',
        security: bearer,
        querystring: transactionListQuerySchema,
        response: { 200: transactionListSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => presentTransactions(await library.transactions(signedIn(request).user, request.query)),
  );

  app.get(
    '/api/me/transactions/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'View Details of one transaction (id, transaction id, method, date, status, split)',
        security: bearer,
        params: idParams,
        response: { 200: transactionDetailSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) =>
      presentTransactionDetail(
        await library.transaction(signedIn(request).user, transactionId(request.params.id)),
      ),
  );

  app.delete(
    '/api/me/transactions/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Delete: hides the row from your own list only (payments and the ledger never change)',
        security: bearer,
        params: idParams,
        response: { 204: z.null(), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await library.hide(signedIn(request).user, transactionId(request.params.id));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/me/purchases',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "The private profile's Purchased tab: posts you unlocked, latest purchase first",
        security: bearer,
        querystring: pageQuery,
        response: { 200: purchasesResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      return presentPurchases(presentPosts, user, await library.purchases(user, pageOf(request.query)));
    },
  );
};

export default libraryRoutes;

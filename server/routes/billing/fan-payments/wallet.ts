import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminPayoutListQuerySchema,
  adminPayoutListSchema,
  fanPaymentMessages as m,
  markPayoutPaidResponseSchema,
  markPayoutPaidSchema,
  requestPayoutResponseSchema,
  walletHistorySchema,
  walletSchema,
} from '../../../../common/schemas/fan-payments.ts';
import { pageOf, pageQuery } from '../../../../common/schemas/pagination.ts';
import { signedIn } from '../../../plugins/auth.ts';
import {
  presentAdminPayouts,
  presentPayoutPaid,
  presentPayoutRequested,
  presentWallet,
  presentWalletHistory,
} from '../../../presenters/billing.ts';
import type { WalletService } from '../../../services/billing/fan-payments/wallet.service.ts';
import { bearer, errorResponses } from '../../auth/responses.ts';
import { idParams, uuidOr404 } from './ids.ts';

const payoutId = uuidOr404(m.payoutNotFound);

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

  app.post(
    '/api/wallet/payouts',
    {
      preHandler: [app.authenticate, app.requireRecentSecondFactor],
      schema: {
        tags: ['wallet'],
        summary: 'Request a payout of the whole available balance (one open request at a time)',
        security: bearer,
        response: { 201: requestPayoutResponseSchema, ...errorResponses(401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(presentPayoutRequested(await wallet.requestPayout(signedIn(request).user))),
  );

  app.get(
    '/api/admin/payouts',
    {
      preHandler: [app.authenticate, app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary: 'Payout requests (open ones oldest first) with the creator to pay (admins only)',
        security: bearer,
        querystring: adminPayoutListQuerySchema,
        response: { 200: adminPayoutListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      presentAdminPayouts(
        await wallet.listPayouts(signedIn(request).user, {
          ...pageOf(request.query),
          ...(request.query.status ? { status: request.query.status } : {}),
        }),
      ),
  );

  app.post(
    '/api/admin/payouts/:id/paid',
    {
      preHandler: [app.authenticate, app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary: 'Mark a payout as sent by hand (manual settlement); the ledger records it (admins only)',
        security: bearer,
        params: idParams,
        body: markPayoutPaidSchema.optional(),
        response: { 200: markPayoutPaidResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      presentPayoutPaid(
        await wallet.markPaid(signedIn(request).user, payoutId(request.params.id), request.body?.note),
      ),
  );
};

export default walletRoutes;

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limits } from '../../../common/limits.ts';
import {
  adminPayoutListQuerySchema,
  adminPayoutListSchema,
  monetizationMessages as m,
  markPayoutPaidResponseSchema,
  markPayoutPaidSchema,
  requestPayoutResponseSchema,
  walletHistorySchema,
  walletSchema,
} from '../../../common/schemas/monetization.ts';
import { notFound } from '../../errors.ts';
import { signedIn } from '../../plugins/auth.ts';
import type { WalletService } from '../../services/monetization/wallet.service.ts';
import { bearer, errorResponses } from '../auth/responses.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const limit = z.coerce
  .number()
  .int()
  .min(1)
  .max(limits.pagination.maxLimit)
  .default(limits.pagination.defaultLimit);

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
        querystring: z.object({ limit }),
        response: { 200: walletSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => wallet.wallet(signedIn(request).user, { limit: request.query.limit }),
  );

  app.get(
    '/api/wallet/history',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['wallet'],
        summary: "More of the creator's earnings history, newest first",
        security: bearer,
        querystring: z.object({ cursor: z.string().max(500).optional(), limit }),
        response: { 200: walletHistorySchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      wallet.history(signedIn(request).user, {
        limit: request.query.limit,
        ...(request.query.cursor ? { cursor: request.query.cursor } : {}),
      }),
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
    async (request, reply) => reply.status(201).send(await wallet.requestPayout(signedIn(request).user)),
  );

  app.get(
    '/api/admin/payouts',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['admin'],
        summary: 'Payout requests (open ones oldest first) with the creator to pay (admins only)',
        security: bearer,
        querystring: adminPayoutListQuerySchema,
        response: { 200: adminPayoutListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      wallet.listPayouts(signedIn(request).user, {
        limit: request.query.limit,
        ...(request.query.status ? { status: request.query.status } : {}),
        ...(request.query.cursor ? { cursor: request.query.cursor } : {}),
      }),
  );

  app.post(
    '/api/admin/payouts/:id/paid',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['admin'],
        summary: 'Mark a payout as sent by hand (manual settlement); the ledger records it (admins only)',
        security: bearer,
        params: z.object({ id: z.string().max(64) }),
        body: markPayoutPaidSchema.optional(),
        response: { 200: markPayoutPaidResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      if (!UUID.test(request.params.id)) throw notFound(m.payoutNotFound);
      return wallet.markPaid(signedIn(request).user, request.params.id, request.body?.note);
    },
  );
};

export default walletRoutes;

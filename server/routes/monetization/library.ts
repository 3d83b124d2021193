import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limits } from '../../../common/limits.ts';
import {
  monetizationMessages as m,
  purchasesResponseSchema,
  transactionDetailSchema,
  transactionListQuerySchema,
  transactionListSchema,
} from '../../../common/schemas/monetization.ts';
import { notFound } from '../../errors.ts';
import { signedIn } from '../../plugins/auth.ts';
import type { MonetizationLibrary } from '../../services/monetization/library.service.ts';
import { bearer, errorResponses } from '../auth/responses.ts';

const tags = ['monetization'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idParams = z.object({ id: z.string().max(64) });
const transactionId = (id: string) => {
  if (!UUID.test(id)) throw notFound(m.transactionNotFound);
  return id;
};

const libraryRoutes: FastifyPluginAsyncZod<{ library: MonetizationLibrary }> = async (app, { library }) => {
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
    async (request) => library.transactions(signedIn(request).user, request.query),
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
    async (request) => library.transaction(signedIn(request).user, transactionId(request.params.id)),
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
        querystring: z.object({
          cursor: z.string().max(500).optional(),
          limit: z.coerce
            .number()
            .int()
            .min(1)
            .max(limits.pagination.maxLimit)
            .default(limits.pagination.defaultLimit),
        }),
        response: { 200: purchasesResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) =>
      library.purchases(signedIn(request).user, {
        limit: request.query.limit,
        ...(request.query.cursor ? { cursor: request.query.cursor } : {}),
      }),
  );
};

export default libraryRoutes;

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  creatorProfileSchema,
  creatorReviewListSchema,
  creatorStatuses,
  rejectCreatorSchema,
} from '../../../common/schemas/creators.ts';
import { pageOf, pageQuery } from '../../../common/schemas/pagination.ts';
import { signedIn } from '../../plugins/auth.ts';
import type { CreatorReviewService } from '../../services/creators/review.service.ts';
import { bearer, errorResponses } from '../auth/responses.ts';

const tags = ['admin'];
const idParams = z.object({ id: z.uuid() });

const adminCreatorRoutes: FastifyPluginAsyncZod<{ review: CreatorReviewService }> = async (
  app,
  { review },
) => {
  app.get(
    '/api/admin/creators',
    {
      preHandler: [app.authenticate, app.requireAdmin],
      schema: {
        tags,
        summary: 'Creators by review status, oldest first, with their identity documents (admins only)',
        security: bearer,
        querystring: pageQuery.extend({ status: z.enum(creatorStatuses).default('pending_review') }),
        response: { 200: creatorReviewListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      review.list(signedIn(request).user, {
        status: request.query.status,
        ...pageOf(request.query),
      }),
  );

  app.post(
    '/api/admin/creators/:id/approve',
    {
      preHandler: [app.authenticate, app.requireAdmin],
      schema: {
        tags,
        summary: 'Approve a creator: listed, suggested and able to charge; they are told by email',
        security: bearer,
        params: idParams,
        response: { 200: creatorProfileSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => review.approve(signedIn(request).user, request.params.id),
  );

  app.post(
    '/api/admin/creators/:id/reject',
    {
      preHandler: [app.authenticate, app.requireAdmin],
      schema: {
        tags,
        summary: 'Reject a creator with a reason, which they see on their profile and by email',
        security: bearer,
        params: idParams,
        body: rejectCreatorSchema,
        response: { 200: creatorProfileSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => review.reject(signedIn(request).user, request.params.id, request.body.reason),
  );
};

export default adminCreatorRoutes;

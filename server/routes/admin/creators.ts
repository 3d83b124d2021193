import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  creatorProfileSchema,
  creatorReviewListSchema,
  creatorStatuses,
  rejectCreatorSchema,
} from '../../../common/schemas/creators.ts';
import { pageOf, pageQuery } from '../../../common/schemas/pagination.ts';
import { presentCreatorPage, presentCreatorReviewList } from '../../presenters/creators/creator.ts';
import type { CreatorReviewService } from '../../services/creators/review.service.ts';
import { endpoint, registerEndpoints } from '../endpoints.ts';

const idParams = z.object({ id: z.uuid() });

/** Admins reviewing creators (tags: admin). */
export function adminCreatorEndpoints(review: CreatorReviewService) {
  return [
    endpoint({
      method: 'GET',
      url: '/api/admin/creators',
      summary: 'Creators by review status, oldest first, with their identity documents (admins only)',
      caller: 'admin',
      query: pageQuery.extend({ status: z.enum(creatorStatuses).default('pending_review') }),
      response: creatorReviewListSchema,
      errors: [400],
      handler: async ({ user, query }) =>
        presentCreatorReviewList(await review.list(user, { status: query.status, ...pageOf(query) })),
    }),
    endpoint({
      method: 'POST',
      url: '/api/admin/creators/:id/approve',
      summary: 'Approve a creator: listed, suggested and able to charge; they are told by email',
      caller: 'admin',
      params: idParams,
      response: creatorProfileSchema,
      errors: [400, 404],
      handler: async ({ user, params }) => presentCreatorPage(await review.approve(user, params.id)),
    }),
    endpoint({
      method: 'POST',
      url: '/api/admin/creators/:id/reject',
      summary: 'Reject a creator with a reason, which they see on their profile and by email',
      caller: 'admin',
      params: idParams,
      body: rejectCreatorSchema,
      response: creatorProfileSchema,
      errors: [400, 404],
      handler: async ({ user, params, body }) =>
        presentCreatorPage(await review.reject(user, params.id, body.reason)),
    }),
  ];
}

const adminCreatorRoutes: FastifyPluginAsyncZod<{ review: CreatorReviewService }> = async (
  app,
  { review },
) => {
  registerEndpoints(app, ['admin'], adminCreatorEndpoints(review));
};

export default adminCreatorRoutes;

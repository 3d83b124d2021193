import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  creatorListResponseSchema,
  creatorProfileSchema,
  followStateSchema,
  handleAvailabilitySchema,
  myCreatorResponseSchema,
  updateCreatorProfileSchema,
} from '../../../common/schemas/creators.ts';
import { messageSettingsSchema } from '../../../common/schemas/messages.ts';
import { pageOf, pageQuery } from '../../../common/schemas/pagination.ts';
import { signedIn } from '../../plugins/auth.ts';
import type { CreatorsService } from '../../services/creators/creators.service.ts';
import { bearer, errorResponses } from '../auth/responses.ts';

const handleParams = z.object({ handle: z.string().min(1).max(64) });
const tags = ['creators'];

const profileRoutes: FastifyPluginAsyncZod<{ creators: CreatorsService }> = async (app, { creators }) => {
  app.get(
    '/api/creators',
    {
      preHandler: app.authenticateOptional,
      schema: {
        tags,
        summary:
          'Approved creators to suggest: newest first, never yourself, followed or blocked (keyset pages)',
        querystring: pageQuery,
        response: { 200: creatorListResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) =>
      creators.list({
        ...pageOf(request.query),
        ...(request.user ? { viewer: request.user } : {}),
      }),
  );

  app.get(
    '/api/creators/handle-availability',
    {
      preHandler: app.authenticateOptional,
      schema: {
        tags,
        summary: 'Whether a handle may be used (your own current handle counts as available)',
        querystring: z.object({ handle: z.string().max(64).default('') }),
        response: { 200: handleAvailabilitySchema },
      },
    },
    async (request) => creators.handleAvailability(request.user, request.query.handle),
  );

  app.get(
    '/api/creators/me',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Your creator profile (null when you are not a creator) and your library counts',
        security: bearer,
        response: { 200: myCreatorResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => creators.mine(signedIn(request).user),
  );

  app.patch(
    '/api/creators/me',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Edit your creator profile; a changed handle keeps old links working',
        security: bearer,
        body: updateCreatorProfileSchema,
        response: { 200: creatorProfileSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => creators.update(signedIn(request).user, request.body),
  );

  const settingsSchema = (summary: string) => ({
    tags,
    summary,
    security: bearer,
    response: { 200: messageSettingsSchema, ...errorResponses(400, 401, 404) },
  });
  app.get(
    '/api/creators/me/message-settings',
    { preHandler: app.authenticate, schema: settingsSchema('Who may start writing to you') },
    async (request) => creators.messageSettings(signedIn(request).user),
  );
  app.put(
    '/api/creators/me/message-settings',
    {
      preHandler: app.authenticate,
      schema: {
        ...settingsSchema('Take messages from subscribers only, or from everyone'),
        body: messageSettingsSchema,
      },
    },
    async (request) => creators.setMessageSettings(signedIn(request).user, request.body),
  );

  app.get(
    '/api/creators/:handle',
    {
      preHandler: app.authenticateOptional,
      schema: {
        tags,
        summary:
          'A creator page by id, handle or former handle (its `handle` is the current one); 403 BLOCKED_BY_YOU for a creator the viewer blocked',
        params: handleParams,
        response: { 200: creatorProfileSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => creators.get(request.user, request.params.handle),
  );

  const followSchema = (summary: string) => ({
    tags,
    summary,
    security: bearer,
    params: handleParams,
    response: { 200: followStateSchema, ...errorResponses(401, 403, 404) },
  });
  app.post(
    '/api/creators/:handle/follow',
    { preHandler: app.authenticate, schema: followSchema('Follow a creator (idempotent)') },
    async (request) => creators.follow(signedIn(request).user, request.params.handle),
  );
  app.delete(
    '/api/creators/:handle/follow',
    { preHandler: app.authenticate, schema: followSchema('Unfollow a creator (idempotent)') },
    async (request) => creators.unfollow(signedIn(request).user, request.params.handle),
  );
};

export default profileRoutes;

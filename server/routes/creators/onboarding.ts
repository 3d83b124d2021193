import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { onboardingStateSchema, saveOnboardingSchema } from '../../../common/schemas/creators.ts';
import { signedIn } from '../../plugins/auth.ts';
import type { OnboardingService } from '../../services/creators/onboarding.service.ts';
import { bearer, errorResponses } from '../auth/responses.ts';

const tags = ['creators'];

const onboardingRoutes: FastifyPluginAsyncZod<{ onboarding: OnboardingService }> = async (
  app,
  { onboarding },
) => {
  app.get(
    '/api/creators/onboarding',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Where you are in the creator onboarding, with previews of your uploads',
        security: bearer,
        response: { 200: onboardingStateSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => onboarding.state(signedIn(request).user),
  );

  app.put(
    '/api/creators/onboarding',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Save the onboarding draft and the step you are on (after every step)',
        security: bearer,
        body: saveOnboardingSchema,
        response: { 200: onboardingStateSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => onboarding.save(signedIn(request).user, request.body),
  );

  app.post(
    '/api/creators/onboarding/complete',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Finish: creates your creator profile (pending review) and your first post',
        security: bearer,
        response: { 201: onboardingStateSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await onboarding.complete(signedIn(request).user)),
  );
};

export default onboardingRoutes;

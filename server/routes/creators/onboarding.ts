import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { onboardingStateSchema, saveOnboardingSchema } from '../../../common/schemas/creators.ts';
import type { OnboardingService } from '../../services/creators/onboarding.service.ts';
import { endpoint, registerEndpoints } from '../endpoints.ts';

/** Becoming a creator: the endpoints, as declarations (server/routes/endpoints.ts). */
export function onboardingEndpoints(onboarding: OnboardingService) {
  return [
    endpoint({
      method: 'GET',
      url: '/api/creators/onboarding',
      summary: 'Where you are in the creator onboarding, with previews of your uploads',
      caller: 'user',
      response: onboardingStateSchema,
      errors: [403],
      handler: ({ user }) => onboarding.state(user),
    }),
    endpoint({
      method: 'PUT',
      url: '/api/creators/onboarding',
      summary: 'Save the onboarding draft and the step you are on (after every step)',
      caller: 'user',
      body: saveOnboardingSchema,
      response: onboardingStateSchema,
      errors: [400, 403, 409],
      handler: ({ user, body }) => onboarding.save(user, body),
    }),
    endpoint({
      method: 'POST',
      url: '/api/creators/onboarding/complete',
      summary: 'Finish: creates your creator profile (pending review) and your first post',
      caller: 'user',
      status: 201,
      response: onboardingStateSchema,
      errors: [400, 403, 409],
      handler: ({ user }) => onboarding.complete(user),
    }),
  ];
}

const onboardingRoutes: FastifyPluginAsyncZod<{ onboarding: OnboardingService }> = async (
  app,
  { onboarding },
) => {
  registerEndpoints(app, ['creators'], onboardingEndpoints(onboarding));
};

export default onboardingRoutes;

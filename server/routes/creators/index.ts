import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CreatorsService } from '../../services/creators/creators.service.ts';
import type { OnboardingService } from '../../services/creators/onboarding.service.ts';
import onboardingRoutes from './onboarding.ts';
import profileRoutes from './profiles.ts';
import regionRoutes from './regions.ts';
import watermarkRoutes from './watermark.ts';

const creatorRoutes: FastifyPluginAsyncZod<{
  creators: CreatorsService;
  onboarding: OnboardingService;
}> = async (app, { creators, onboarding }) => {
  await app.register(regionRoutes, { creators });
  await app.register(watermarkRoutes, { creators });
  await app.register(profileRoutes, { creators });
  await app.register(onboardingRoutes, { onboarding });
};

export default creatorRoutes;

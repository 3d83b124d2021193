import { queryOptions, useQuery } from '@tanstack/react-query';
import { type OnboardingState, onboardingStateSchema } from '#common/schemas/creators.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/creators/onboarding: the step the user is on, their draft and previews of their uploads. */
export async function getOnboarding(signal?: AbortSignal): Promise<OnboardingState> {
  return onboardingStateSchema.parse(await api.get('/creators/onboarding', { signal }));
}

export const onboardingKey = (userId: string) => ['creators', 'onboarding', userId] as const;

export function onboardingQueryOptions(userId: string) {
  return queryOptions({
    queryKey: onboardingKey(userId),
    queryFn: ({ signal }) => getOnboarding(signal),
    // Another device may have moved on; the wizard reads this once when it opens.
    staleTime: 0,
  });
}

export function useOnboarding(userId: string) {
  return useQuery(onboardingQueryOptions(userId));
}

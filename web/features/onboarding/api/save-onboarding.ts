import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type OnboardingState,
  onboardingStateSchema,
  type SaveOnboardingInput,
} from '#common/schemas/creators.ts';
import { api } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { onboardingKey } from './get-onboarding.ts';

/** PUT /api/creators/onboarding: remembers the step the user is now on and the draft so far. */
export async function saveOnboarding(input: SaveOnboardingInput): Promise<OnboardingState> {
  return onboardingStateSchema.parse(await api.put('/creators/onboarding', input));
}

/**
 * Saves run one after another (and before a completion, which shares the scope), so an older save
 * can never land after a newer one and the server always completes the latest draft.
 */
export const onboardingMutationScope = { id: 'creator-onboarding' };

export function useSaveOnboarding(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOnboarding,
    scope: onboardingMutationScope,
    onSuccess: (state) => queryClient.setQueryData(onboardingKey(userId), state),
    onError: (error) => toast.error(`Your progress could not be saved: ${error.message}`),
  });
}

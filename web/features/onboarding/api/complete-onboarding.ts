import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type OnboardingState, onboardingStateSchema } from '#common/schemas/creators.ts';
import { api } from '../../../lib/api-client.ts';
import { getSession, setSession } from '../../../lib/session.ts';
import { onboardingKey } from './get-onboarding.ts';
import { onboardingMutationScope } from './save-onboarding.ts';

/**
 * POST /api/creators/onboarding/complete: the server checks the saved draft and creates the creator
 * profile, waiting for review. A 400 or 409 names the draft fields to fix.
 */
export async function completeOnboarding(): Promise<OnboardingState> {
  return onboardingStateSchema.parse(await api.post('/creators/onboarding/complete'));
}

export function useCompleteOnboarding(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeOnboarding,
    scope: onboardingMutationScope,
    onSuccess: (state) => {
      queryClient.setQueryData(onboardingKey(userId), state);
      // The onboarding photo is the account's photo now: the header shows it at once.
      const session = getSession();
      const photo = state.creator?.avatarUrl ?? null;
      if (photo && session?.user.id === userId && session.user.profileImage !== photo) {
        setSession({ token: session.token, user: { ...session.user, profileImage: photo } });
      }
      // The new creator shows up in lists and on the viewer's own profile.
      return Promise.all([
        queryClient.invalidateQueries({
          queryKey: ['creators'],
          predicate: (query) => query.queryKey[1] !== 'onboarding',
        }),
        queryClient.invalidateQueries({ queryKey: ['auth', 'profile'] }),
      ]);
    },
  });
}

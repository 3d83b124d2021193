import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { OnboardingDraft, OnboardingState, OnboardingStep } from '#common/schemas/creators.ts';
import { ApiError } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { useCompleteOnboarding } from './api/complete-onboarding.ts';
import { handleAvailabilityKey } from './api/get-handle-availability.ts';
import { onboardingQueryOptions } from './api/get-onboarding.ts';
import { useSaveOnboarding } from './api/save-onboarding.ts';
import {
  draftFieldErrors,
  type FieldErrors,
  firstStepWithError,
  nextStep,
  previousStep,
} from './step-rules.ts';

export type OnboardingMedia = OnboardingState['media'];

/**
 * The wizard's state: the draft lives here while the user edits it, and every step change saves it
 * with the step now shown, so a reload or another device resumes in the same place.
 */
export function useOnboardingFlow(userId: string, initial: OnboardingState) {
  const [state, setState] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [finishing, setFinishing] = useState(false);
  const save = useSaveOnboarding(userId);
  const complete = useCompleteOnboarding(userId);
  const queryClient = useQueryClient();

  const update = useCallback((patch: Partial<OnboardingDraft>, media: Partial<OnboardingMedia> = {}) => {
    setState((current) => ({
      ...current,
      draft: { ...current.draft, ...patch },
      media: { ...current.media, ...media },
    }));
    // A changed field's old message from the server no longer applies.
    setErrors((current) => {
      const kept = Object.entries(current).filter(([name]) => !(name in patch));
      return kept.length === Object.keys(current).length ? current : Object.fromEntries(kept);
    });
  }, []);

  const goTo = (step: OnboardingStep, draft: OnboardingDraft = state.draft) => {
    setState((current) => ({ ...current, step, draft }));
    save.mutate({ step, draft });
  };

  const showCompletionFailure = async (error: unknown, draft: OnboardingDraft) => {
    if (!(error instanceof ApiError)) {
      toast.error('Your creator profile could not be created. Please try again.');
      return;
    }
    toast.error(error.message);
    const fields = draftFieldErrors(error.fields);
    const target = firstStepWithError(fields);
    if (target) {
      setErrors(fields);
      if (fields.handle) await queryClient.invalidateQueries({ queryKey: handleAvailabilityKey });
      goTo(target, draft);
    } else if (error.status === 409) {
      // Already a creator (another tab finished first): show where the server says the user is.
      const fresh = await queryClient.fetchQuery(onboardingQueryOptions(userId)).catch(() => null);
      if (fresh?.step === 'completed') setState(fresh);
    }
  };

  /** Saves the final draft, then asks the server to create the creator profile from it. */
  const finish = async (draft: OnboardingDraft) => {
    setFinishing(true);
    setState((current) => ({ ...current, draft }));
    try {
      await save.mutateAsync({ step: 'post', draft });
    } catch {
      // The save's own handler has told the user; completing would check an older draft.
      setFinishing(false);
      return;
    }
    try {
      const done = await complete.mutateAsync();
      setErrors({});
      setState(done);
    } catch (error) {
      await showCompletionFailure(error, draft);
    } finally {
      setFinishing(false);
    }
  };

  return {
    state,
    errors,
    finishing,
    update,
    next: () => goTo(nextStep(state.step)),
    back: () => goTo(previousStep(state.step)),
    finish,
  };
}

export type OnboardingFlow = ReturnType<typeof useOnboardingFlow>;

import { isCountry } from '#common/countries.ts';
import { handleProblem } from '#common/handles.ts';
import { limits } from '#common/limits.ts';
import {
  draftBundleProblem,
  monthlyPriceProblem,
  type OnboardingDraft,
  type OnboardingStep,
  onboardingSteps,
} from '#common/schemas/creators.ts';

export type DraftField = keyof OnboardingDraft;
/** Messages from a failed completion, keyed by the draft field they belong to. */
export type FieldErrors = Partial<Record<DraftField, string>>;

/** 1-based, as the progress bar counts: journey is 1 of 8, completed 8 of 8. */
export function stepNumber(step: OnboardingStep): number {
  return onboardingSteps.indexOf(step) + 1;
}

/** The spec's progress: step number / 8. */
export function stepProgress(step: OnboardingStep): number {
  return stepNumber(step) / limits.onboardingSteps;
}

/** Journey and completed are full-bleed screens without progress or back arrow. */
export function isMiddleStep(step: OnboardingStep): boolean {
  return step !== 'journey' && step !== 'completed';
}

/** Back on the first step stays there. */
export function previousStep(step: OnboardingStep): OnboardingStep {
  return onboardingSteps[Math.max(0, onboardingSteps.indexOf(step) - 1)] ?? step;
}

export function nextStep(step: OnboardingStep): OnboardingStep {
  return onboardingSteps[Math.min(onboardingSteps.length - 1, onboardingSteps.indexOf(step) + 1)] ?? step;
}

const stepOfField: Record<DraftField, OnboardingStep> = {
  country: 'country',
  identity: 'indentity',
  profilePhotoId: 'bio',
  displayName: 'bio',
  handle: 'bio',
  documentId: 'bio',
  documentName: 'bio',
  bannerId: 'banner',
  bio: 'banner',
  monthlyPrice: 'plans',
  threeMonthDiscount: 'plans',
  twelveMonthDiscount: 'plans',
  postMediaId: 'post',
  postDescription: 'post',
};

const isDraftField = (name: string): name is DraftField => Object.hasOwn(stepOfField, name);

/** The server's field messages that belong to the draft (anything else has no field to show it by). */
export function draftFieldErrors(fields: Record<string, string> | undefined): FieldErrors {
  return Object.fromEntries(Object.entries(fields ?? {}).filter(([name]) => isDraftField(name)));
}

/** The earliest step with a message, so the user fixes problems in the order they met the fields. */
export function firstStepWithError(errors: FieldErrors): OnboardingStep | null {
  const steps = Object.keys(errors)
    .filter(isDraftField)
    .map((name) => stepOfField[name]);
  return onboardingSteps.find((step) => steps.includes(step)) ?? null;
}

const present = (value: string | undefined) => (value ?? '').trim() !== '';

/**
 * Whether a step's primary button may move on: its required input is present. The server checks
 * the whole draft again on completion; this only spares the user a round trip.
 */
export function canContinue(step: OnboardingStep, draft: OnboardingDraft, handleAvailable = false): boolean {
  switch (step) {
    case 'country':
      return isCountry(draft.country ?? '');
    case 'indentity':
      return draft.identity !== undefined;
    case 'bio':
      return (
        draft.profilePhotoId !== undefined &&
        present(draft.displayName) &&
        handleProblem(draft.handle ?? '') === null &&
        handleAvailable &&
        draft.documentId !== undefined
      );
    case 'banner':
      return draft.bannerId !== undefined && present(draft.bio);
    case 'plans':
      return (
        monthlyPriceProblem(draft.monthlyPrice ?? '') === null &&
        draftBundleProblem(draft.threeMonthDiscount) === null &&
        draftBundleProblem(draft.twelveMonthDiscount) === null
      );
    default:
      return true;
  }
}

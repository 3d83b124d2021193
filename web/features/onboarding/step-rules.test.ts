import { describe, expect, it } from 'vitest';
import { onboardingSteps } from '#common/schemas/creators.ts';
import {
  canContinue,
  draftFieldErrors,
  firstStepWithError,
  isMiddleStep,
  nextStep,
  previousStep,
  stepProgress,
} from './step-rules.ts';
import { buildCompleteDraft } from './test/factories.ts';

describe('onboarding step rules', () => {
  it('counts progress as step number / 8 and shows it only between journey and completed', () => {
    expect(onboardingSteps.map(stepProgress)).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((n) => n / 8));
    expect(onboardingSteps.filter(isMiddleStep)).toEqual([
      'country',
      'indentity',
      'bio',
      'banner',
      'plans',
      'post',
    ]);
  });

  it('moves one step at a time and stays put at either end', () => {
    expect(nextStep('journey')).toBe('country');
    expect(nextStep('post')).toBe('completed');
    expect(nextStep('completed')).toBe('completed');
    expect(previousStep('bio')).toBe('indentity');
    expect(previousStep('journey')).toBe('journey');
  });

  it('asks each step for its required input', () => {
    const full = buildCompleteDraft();
    expect(canContinue('country', {})).toBe(false);
    expect(canContinue('country', { country: 'Atlantis' })).toBe(false);
    expect(canContinue('country', { country: 'Germany' })).toBe(true);
    expect(canContinue('indentity', {})).toBe(false);
    expect(canContinue('indentity', { identity: 'Other' })).toBe(true);
    expect(canContinue('bio', full, true)).toBe(true);
    expect(canContinue('bio', full, false)).toBe(false);
    expect(canContinue('bio', { ...full, displayName: '   ' }, true)).toBe(false);
    expect(canContinue('bio', { ...full, handle: 'ab' }, true)).toBe(false);
    expect(canContinue('bio', { ...full, documentId: undefined }, true)).toBe(false);
    expect(canContinue('bio', { ...full, profilePhotoId: undefined }, true)).toBe(false);
    expect(canContinue('banner', { ...full, bio: ' ' })).toBe(false);
    expect(canContinue('banner', { ...full, bannerId: undefined })).toBe(false);
    expect(canContinue('banner', full)).toBe(true);
    expect(canContinue('plans', { monthlyPrice: '' })).toBe(false);
    expect(canContinue('plans', { monthlyPrice: '1' })).toBe(false);
    expect(canContinue('plans', { monthlyPrice: '9.99' })).toBe(true);
    expect(canContinue('post', {})).toBe(true);
  });

  it('sends the user to the earliest step with a message from the server', () => {
    expect(firstStepWithError({ monthlyPrice: 'x', handle: 'y' })).toBe('bio');
    expect(firstStepWithError({ bio: 'x', identity: 'y' })).toBe('indentity');
    expect(firstStepWithError({ postMediaId: 'x' })).toBe('post');
    expect(firstStepWithError({})).toBeNull();
    expect(draftFieldErrors({ handle: 'taken', password: 'not ours' })).toEqual({ handle: 'taken' });
    expect(draftFieldErrors(undefined)).toEqual({});
  });
});

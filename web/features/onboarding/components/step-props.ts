import type { OnboardingDraft } from '#common/schemas/creators.ts';
import type { FieldErrors } from '../step-rules.ts';
import type { OnboardingMedia } from '../use-onboarding-flow.ts';

/** What every form step gets from the wizard. */
export interface StepProps {
  draft: OnboardingDraft;
  media: OnboardingMedia;
  /** The server's messages from a failed completion, until the field changes. */
  errors: FieldErrors;
  onChange: (patch: Partial<OnboardingDraft>, media?: Partial<OnboardingMedia>) => void;
  onNext: () => void;
}

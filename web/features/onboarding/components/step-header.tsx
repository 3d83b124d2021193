import { ArrowLeft } from 'lucide-react';
import { limits } from '#common/limits.ts';
import type { OnboardingStep } from '#common/schemas/creators.ts';
import { Button } from '../../../components/ui/button.tsx';
import { stepNumber, stepProgress } from '../step-rules.ts';

/** The back arrow and the progress bar (step number / 8) above every step but the first and last. */
interface StepHeaderProps {
  step: OnboardingStep;
  onBack: () => void;
  /** While the profile is being created, leaving the step would race the answer. */
  backDisabled?: boolean;
}

export function StepHeader({ step, onBack, backDisabled }: StepHeaderProps) {
  const number = stepNumber(step);
  return (
    <div className="mb-6 flex items-center gap-3">
      <Button
        variant="ghost"
        size="icon"
        onClick={onBack}
        disabled={backDisabled}
        aria-label="Back to the previous step"
      >
        <ArrowLeft aria-hidden="true" />
      </Button>
      <div
        role="progressbar"
        aria-label="Onboarding progress"
        aria-valuemin={0}
        aria-valuemax={limits.onboardingSteps}
        aria-valuenow={number}
        aria-valuetext={`Step ${number} of ${limits.onboardingSteps}`}
        className="h-2 flex-1 overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-300 motion-reduce:transition-none"
          style={{ width: `${stepProgress(step) * 100}%` }}
        />
      </div>
      <span aria-hidden="true" className="text-sm text-muted-foreground tabular-nums">
        {number}/{limits.onboardingSteps}
      </span>
    </div>
  );
}

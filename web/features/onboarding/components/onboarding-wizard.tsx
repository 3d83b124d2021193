import { type ComponentType, useEffect, useRef } from 'react';
import type { OnboardingState, OnboardingStep } from '#common/schemas/creators.ts';
import { isMiddleStep } from '../step-rules.ts';
import { useOnboardingFlow } from '../use-onboarding-flow.ts';
import { BannerStep } from './banner-step.tsx';
import { BioStep } from './bio-step.tsx';
import { CompletedStep } from './completed-step.tsx';
import { CountryStep } from './country-step.tsx';
import { IdentityStep } from './identity-step.tsx';
import { JourneyStep } from './journey-step.tsx';
import { PlansStep } from './plans-step.tsx';
import { PostStep } from './post-step.tsx';
import { StepHeader } from './step-header.tsx';
import type { StepProps } from './step-props.ts';

const formSteps: Partial<Record<OnboardingStep, ComponentType<StepProps>>> = {
  country: CountryStep,
  indentity: IdentityStep,
  bio: BioStep,
  banner: BannerStep,
  plans: PlansStep,
};

/** The eight steps, starting where the server says the user left off. */
export function OnboardingWizard({ userId, initial }: { userId: string; initial: OnboardingState }) {
  const flow = useOnboardingFlow(userId, initial);
  const { step, draft, media, creator } = flow.state;
  const container = useRef<HTMLDivElement>(null);
  const shownStep = useRef(step);

  // Keyboard and screen-reader users land on the new step's heading, not on a button that vanished.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    container.current?.querySelector<HTMLElement>('[data-step-heading]')?.focus();
  }, [step]);

  const FormStep = formSteps[step];
  const stepProps = { draft, media, errors: flow.errors, onChange: flow.update };
  return (
    <div className="mx-auto w-full max-w-2xl">
      <h1 className="sr-only">Become a Creator</h1>
      {isMiddleStep(step) ? (
        <StepHeader step={step} onBack={flow.back} backDisabled={flow.finishing} />
      ) : null}
      <div ref={container}>
        {step === 'journey' ? <JourneyStep onStart={flow.next} /> : null}
        {FormStep ? <FormStep key={step} {...stepProps} onNext={flow.next} /> : null}
        {step === 'post' ? (
          <PostStep {...stepProps} finishing={flow.finishing} onFinish={flow.finish} />
        ) : null}
        {step === 'completed' ? <CompletedStep creator={creator} /> : null}
      </div>
    </div>
  );
}

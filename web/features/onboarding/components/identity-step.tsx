import { type IdentityOption, identityOptions } from '#common/schemas/creators.ts';
import { canContinue } from '../step-rules.ts';
import { ChoiceList } from './choice-list.tsx';
import { StepLayout } from './step-layout.tsx';
import type { StepProps } from './step-props.ts';

const isIdentity = (value: string): value is IdentityOption =>
  (identityOptions as readonly string[]).includes(value);

/** Step 3 ('indentity' in the step list): one of the spec's options. */
export function IdentityStep({ draft, errors, onChange, onNext }: StepProps) {
  return (
    <StepLayout
      title="How do you identify?"
      description="Choose the option that fits you best."
      submitLabel="Continue"
      ready={canContinue('indentity', draft)}
      onSubmit={onNext}
    >
      <ChoiceList
        name="identity"
        legend="Identity"
        options={identityOptions}
        value={draft.identity}
        onChange={(identity) => {
          if (isIdentity(identity)) onChange({ identity });
        }}
      />
      {errors.identity ? <p className="text-sm font-medium text-destructive">{errors.identity}</p> : null}
    </StepLayout>
  );
}

import type { LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { cn } from '../../../lib/utils.ts';

export interface Choice<Value extends string> {
  value: Value;
  /** What the card says, when not the value itself. */
  label?: string;
  description: string;
  icon: LucideIcon;
}

interface ChoiceCardsProps<Value extends string> {
  name: string;
  legend: string;
  choices: readonly Choice<Value>[];
  value: Value;
  disabled: boolean;
  onChange: (value: Value) => void;
}

/**
 * One choice as native radio buttons drawn as cards: Tab reaches the group, the arrow keys move the
 * choice, with no script needed for either.
 */
export function ChoiceCards<Value extends string>({
  name,
  legend,
  choices,
  value,
  disabled,
  onChange,
}: ChoiceCardsProps<Value>) {
  const id = useId();
  return (
    <fieldset className="min-w-0" disabled={disabled}>
      <legend className="mb-1.5 text-sm font-medium">{legend}</legend>
      <div className="grid gap-2 @md:grid-cols-2">
        {choices.map(({ value: option, label, description, icon: Icon }, index) => (
          <label
            key={option}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-xl border border-border p-3 transition-colors hover:bg-accent',
              'has-checked:border-primary has-checked:bg-primary/10 has-focus-visible:ring-2 has-focus-visible:ring-ring',
              'has-disabled:cursor-not-allowed has-disabled:opacity-60',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              aria-labelledby={`${id}-${index}`}
              aria-describedby={`${id}-${index}-hint`}
              className="sr-only"
            />
            <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
              <Icon aria-hidden="true" className="size-4.5" />
            </span>
            <span className="grid gap-0.5">
              <span id={`${id}-${index}`} className="text-sm font-semibold">
                {label ?? option}
              </span>
              <span id={`${id}-${index}-hint`} className="text-xs text-muted-foreground">
                {description}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

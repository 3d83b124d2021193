import { cn } from '../../../lib/utils.ts';

interface ChoiceListProps {
  name: string;
  legend: string;
  options: readonly string[];
  value: string | undefined;
  onChange: (value: string) => void;
  className?: string;
}

/**
 * A single choice as native radio buttons: Tab reaches the group, the arrow keys move the choice,
 * and Enter submits the step's form, with no script needed for any of it.
 */
export function ChoiceList({ name, legend, options, value, onChange, className }: ChoiceListProps) {
  return (
    <fieldset className="min-w-0">
      <legend className="sr-only">{legend}</legend>
      <div className={cn('flex flex-col gap-2', className)}>
        {options.map((option) => (
          <label
            key={option}
            className="flex cursor-pointer items-center gap-3 rounded-xl border border-border px-4 py-3 transition-colors hover:bg-accent has-checked:border-primary has-checked:bg-primary/10 has-focus-visible:ring-2 has-focus-visible:ring-ring"
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="size-4 accent-primary focus:outline-none"
            />
            <span className="text-sm font-medium">{option}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

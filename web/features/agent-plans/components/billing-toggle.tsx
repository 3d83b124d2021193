import { ToggleGroup } from 'radix-ui';
import { type BillingPeriod, planRules } from '#common/plans.ts';
import { cn } from '../../../lib/utils.ts';

const itemClass =
  'inline-flex h-9 items-center gap-2 rounded-full px-4 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=on]:bg-background data-[state=on]:text-foreground data-[state=on]:shadow-sm';

/** Monthly (the default) or yearly billing; arrow keys move between the two. */
export function BillingToggle({
  value,
  onChange,
}: {
  value: BillingPeriod;
  onChange: (period: BillingPeriod) => void;
}) {
  return (
    <ToggleGroup.Root
      type="single"
      value={value}
      onValueChange={(next) => {
        if (next === 'monthly' || next === 'yearly') onChange(next);
      }}
      aria-label="Billing period"
      className="inline-flex items-center gap-1 rounded-full border border-border bg-muted p-1"
    >
      <ToggleGroup.Item value="monthly" className={itemClass}>
        Monthly
      </ToggleGroup.Item>
      <ToggleGroup.Item value="yearly" className={cn(itemClass, 'pr-2')}>
        Yearly
        <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300">
          {planRules.yearlySavingsLabel}
        </span>
      </ToggleGroup.Item>
    </ToggleGroup.Root>
  );
}

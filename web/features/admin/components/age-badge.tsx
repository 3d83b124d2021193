import { cn } from '../../../lib/utils.ts';

export function ageLabel(ageDays: number): string {
  if (ageDays <= 0) return 'Today';
  return ageDays === 1 ? '1 day old' : `${ageDays} days old`;
}

/**
 * How long something has waited, against its goal in days: past the goal it is red and says so,
 * in the last two days before it amber, otherwise plain.
 */
export function AgeBadge({ ageDays, goalDays, goal }: { ageDays: number; goalDays: number; goal: string }) {
  const late = ageDays >= goalDays;
  const left = goalDays - ageDays;
  const soon = !late && goalDays > 2 && left <= 2;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        late
          ? 'bg-destructive text-destructive-foreground'
          : soon
            ? 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200'
            : 'bg-muted text-muted-foreground',
      )}
    >
      {ageLabel(ageDays)}
      {late ? ` · past the ${goal} goal` : soon ? ` · due in ${left === 1 ? '1 day' : `${left} days`}` : ''}
    </span>
  );
}

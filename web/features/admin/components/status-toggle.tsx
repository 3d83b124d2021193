import { ToggleGroup } from 'radix-ui';

/** One status at a time (Open, Resolved...); arrow keys move between them like radio buttons. */
export function StatusToggle<Status extends string>({
  value,
  labels,
  onChange,
}: {
  value: Status;
  labels: Record<Status, string>;
  onChange: (status: Status) => void;
}) {
  return (
    <ToggleGroup.Root
      type="single"
      aria-label="Status"
      value={value}
      // Clicking the chosen status again would clear it; a list always has one status.
      onValueChange={(next) => next && onChange(next as Status)}
      className="inline-flex flex-wrap gap-1 self-start rounded-lg bg-muted p-1"
    >
      {(Object.keys(labels) as Status[]).map((status) => (
        <ToggleGroup.Item
          key={status}
          value={status}
          className="rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=on]:bg-background data-[state=on]:text-foreground data-[state=on]:shadow-sm"
        >
          {labels[status]}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}

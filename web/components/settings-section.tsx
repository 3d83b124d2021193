import { type ReactNode, useId } from 'react';
import { cn } from '../lib/utils.ts';

interface SettingsSectionProps {
  title: string;
  description?: ReactNode;
  /** Beside the heading: a count, a button. */
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** One titled block of a settings tab; its heading names the region for screen readers. */
export function SettingsSection({ title, description, aside, children, className }: SettingsSectionProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cn('flex flex-col gap-5 rounded-2xl border border-border p-4 sm:p-5', className)}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="font-heading text-lg font-semibold">
            {title}
          </h2>
          {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
        </div>
        {aside}
      </div>
      {children}
    </section>
  );
}

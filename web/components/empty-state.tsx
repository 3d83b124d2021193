import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/utils.ts';

interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  children?: ReactNode;
  className?: string;
  /** 1 when the state stands for the whole page (nothing else on it has a heading). */
  headingLevel?: 1 | 2;
}

/** What a page shows when it has nothing to list yet, with the next useful step. */
export function EmptyState({
  icon: Icon,
  title,
  description,
  children,
  className,
  headingLevel = 2,
}: EmptyStateProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section
      className={cn(
        'flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border px-6 py-12 text-center',
        className,
      )}
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Icon aria-hidden="true" className="size-7" />
      </span>
      <Heading className="font-heading text-lg font-semibold">{title}</Heading>
      <p className="max-w-md text-sm text-muted-foreground">{description}</p>
      {children ? <div className="mt-2 flex flex-wrap justify-center gap-2">{children}</div> : null}
    </section>
  );
}

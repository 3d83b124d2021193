import { cn } from '../lib/utils.ts';

interface LogoProps {
  className?: string;
  /** Tailwind classes deciding when the "Fanplace" word shows next to the mark. */
  wordmarkClassName?: string;
}

export function Logo({ className, wordmarkClassName }: LogoProps) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 shrink-0">
        <rect width="32" height="32" rx="8" className="fill-primary" />
        <path d="M11 23V9h10v3.2h-6.6v2.5h5.8v3.1h-5.8V23z" className="fill-primary-foreground" />
        <circle cx="22.5" cy="21.5" r="2" fill="#f7b5d8" />
      </svg>
      <span className={cn('font-heading text-xl font-bold tracking-tight', wordmarkClassName)}>Fanplace</span>
    </span>
  );
}

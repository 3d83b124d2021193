import { type ReactNode, useId } from 'react';
import { cn } from '../../../lib/utils.ts';

/**
 * The journey and completed screens' background: a gradient with an inline SVG pattern, so the
 * page ships no image file and loads nothing from elsewhere.
 */
export function HeroPanel({ children, className }: { children: ReactNode; className?: string }) {
  // useId's punctuation is not safe inside url(#...).
  const patternId = `hero-${useId().replace(/[^\w-]/g, '')}`;
  return (
    <section
      className={cn(
        'relative isolate overflow-hidden rounded-3xl bg-linear-to-br from-violet-800 via-fuchsia-800 to-rose-700 px-6 py-10 text-white shadow-lg @md:px-12 @md:py-14',
        className,
      )}
    >
      <svg aria-hidden="true" className="absolute inset-0 -z-10 size-full opacity-20">
        <defs>
          <pattern id={patternId} width="32" height="32" patternUnits="userSpaceOnUse">
            <circle cx="4" cy="4" r="1.5" fill="currentColor" />
            <path d="M16 20l4-4 4 4-4 4z" fill="none" stroke="currentColor" strokeWidth="1" />
          </pattern>
        </defs>
        <rect width="100%" height="100%" fill={`url(#${patternId})`} />
      </svg>
      <div
        aria-hidden="true"
        className="absolute -top-24 -right-24 -z-10 size-72 rounded-full bg-amber-300/30 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="absolute -bottom-32 -left-20 -z-10 size-80 rounded-full bg-sky-400/25 blur-3xl"
      />
      {children}
    </section>
  );
}

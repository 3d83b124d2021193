import { type ClassValue, clsx } from 'clsx';
import { createTailwindMerge } from 'tailwind-merge';
import { tailwindClasses } from './tailwind-classes.ts';

/**
 * tailwind-merge's engine with only the class groups the app uses (web/lib/tailwind-classes.ts,
 * written by `npm run gen:tailwind-classes`): the same answers as its default configuration for
 * every class in the app (scripts/tailwind-classes.test.ts), in a fraction of the code.
 */
const merge = createTailwindMerge(() => tailwindClasses);

/** Joins class names and lets later Tailwind utilities win over earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs));
}

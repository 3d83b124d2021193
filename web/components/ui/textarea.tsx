import type { ComponentProps } from 'react';
import { useFocusOnMount } from '../../lib/focus-on-mount.ts';
import { cn } from '../../lib/utils.ts';

export function Textarea({ className, autoFocus, ref, ...props }: ComponentProps<'textarea'>) {
  const focusRef = useFocusOnMount<HTMLTextAreaElement>(autoFocus, ref);
  return (
    <textarea
      ref={focusRef}
      className={cn(
        'flex min-h-24 w-full rounded-md border border-input bg-background px-3 py-2 text-sm placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    />
  );
}

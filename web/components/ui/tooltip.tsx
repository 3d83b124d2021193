import { Tooltip as TooltipPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { limits } from '#common/limits.ts';
import { cn } from '../../lib/utils.ts';

/**
 * 700 ms before the first tooltip, 300 ms grace to move between them. Optional: each Tooltip brings
 * its own, so the app's frame does not load Radix's tooltip on every first page (docs/decisions/0032;
 * the frame's icon buttons use ui/hint.tsx). Wrap a group in one to share the grace between them.
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <TooltipPrimitive.Provider
      delayDuration={limits.tooltip.delayMs}
      skipDelayDuration={limits.tooltip.skipDelayMs}
    >
      {children}
    </TooltipPrimitive.Provider>
  );
}

export function Tooltip(props: ComponentProps<typeof TooltipPrimitive.Root>) {
  return (
    <TooltipProvider>
      <TooltipPrimitive.Root {...props} />
    </TooltipProvider>
  );
}
export const TooltipTrigger = TooltipPrimitive.Trigger;

export function TooltipContent({
  className,
  sideOffset = 6,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        sideOffset={sideOffset}
        className={cn(
          'z-50 rounded-md bg-foreground px-3 py-1.5 text-xs text-background shadow-md motion-safe:animate-fade-in',
          className,
        )}
        {...props}
      />
    </TooltipPrimitive.Portal>
  );
}

import { type ReactElement, type ReactNode, Suspense, useState } from 'react';
import { usePrefetchWhenIdle } from '../lib/page-idle.ts';

/** What the standing-in button needs: it runs the menu's code on hover or focus, and opens it on press. */
export interface PressHandlers {
  onPointerEnter: () => void;
  onFocus: () => void;
  onPointerDown: () => void;
  onClick: () => void;
}

interface MenuOnPressProps {
  /** Fetches and runs the menu's code (the module `children` is lazy on). */
  load: () => Promise<unknown>;
  /** The menu's built files, downloaded when the page is idle: a name index.html lists (page-idle.ts). */
  code: string;
  /** The button shown until the first press; it looks like the menu's own trigger. */
  trigger: (handlers: PressHandlers) => ReactElement;
  /** The menu, mounted open (`defaultOpen`) at the first press. */
  children: ReactNode;
}

/**
 * A menu whose code (Radix) is outside the first page's JavaScript and the work that puts the page
 * on screen: a plain button stands in for it, the code is downloaded (not run) once the page is
 * idle, it runs when a pointer comes over the button or the button takes focus, and the first
 * press (pointer down, or a click from the keyboard) mounts the menu open in its place.
 */
export function MenuOnPress({ load, code, trigger, children }: MenuOnPressProps) {
  const [wanted, setWanted] = useState(false);
  usePrefetchWhenIdle(code);
  const button = trigger({
    onPointerEnter: () => void load(),
    onFocus: () => void load(),
    onPointerDown: () => setWanted(true),
    onClick: () => setWanted(true),
  });
  return <Suspense fallback={button}>{wanted ? children : button}</Suspense>;
}

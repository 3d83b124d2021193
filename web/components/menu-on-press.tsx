import { type ReactElement, type ReactNode, Suspense, useState } from 'react';
import { usePrefetchWhenIdle } from '../lib/page-idle.ts';

/** What the standing-in button needs: it fetches the menu's code on hover and asks for it on press. */
export interface PressHandlers {
  onPointerEnter: () => void;
  onPointerDown: () => void;
  onClick: () => void;
}

interface MenuOnPressProps {
  /** Fetches the menu's code (the module `children` is lazy on). */
  load: () => Promise<unknown>;
  /** The button shown until the first press; it looks like the menu's own trigger. */
  trigger: (handlers: PressHandlers) => ReactElement;
  /** The menu, mounted open (`defaultOpen`) at the first press. */
  children: ReactNode;
}

/**
 * A menu whose code (Radix) is outside the first page's JavaScript and the work that puts the page
 * on screen: a plain button stands in for it, the code is fetched once the page is idle, and the
 * first press (pointer down, or a click from the keyboard) mounts the menu open in its place.
 */
export function MenuOnPress({ load, trigger, children }: MenuOnPressProps) {
  const [wanted, setWanted] = useState(false);
  usePrefetchWhenIdle(load);
  const button = trigger({
    onPointerEnter: () => void load(),
    onPointerDown: () => setWanted(true),
    onClick: () => setWanted(true),
  });
  return <Suspense fallback={button}>{wanted ? children : button}</Suspense>;
}

/**
 * Whether the app is adopting the server's markup right now (web/main.tsx sets it around the
 * first render), and the slices a long page's hydration is cut into (components/hydrate-later.tsx).
 */
let hydrating = false;

export function setHydrating(value: boolean): void {
  hydrating = value;
}

export const isHydrating = () => hydrating;

let slices: Promise<void> = Promise.resolve();

/**
 * Resolves in a later task than every slice asked for before it: each part of the page that waits
 * for one is adopted in a task of its own, so none keeps the main thread from a tap for long.
 */
export function nextHydrationSlice(): Promise<void> {
  slices = slices.then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  return slices;
}

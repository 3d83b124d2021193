import { vi } from 'vitest';

export interface FakeMediaQuery {
  /** Changes whether the query matches and notifies listeners, like the OS switching dark mode. */
  setMatches(matches: boolean): void;
  listenerCount(): number;
}

/** Makes window.matchMedia answer every query with one controllable MediaQueryList. */
export function fakeMatchMedia(initiallyMatches: boolean): FakeMediaQuery {
  let matches = initiallyMatches;
  const listeners = new Set<() => void>();
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (media: string) =>
      ({
        media,
        get matches() {
          return matches;
        },
        addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
      }) as unknown as MediaQueryList,
  );
  return {
    setMatches(next) {
      matches = next;
      for (const listener of listeners) listener();
    },
    listenerCount: () => listeners.size,
  };
}

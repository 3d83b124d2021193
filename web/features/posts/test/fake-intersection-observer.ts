import { act } from '@testing-library/react';
import { vi } from 'vitest';

interface Watch {
  callback: IntersectionObserverCallback;
  targets: Set<Element>;
  observer: IntersectionObserver;
}

/**
 * Replaces IntersectionObserver (happy-dom's never reports) with one the test drives: `show`
 * tells every observer watching an element how much of it is on screen.
 */
export function fakeIntersectionObserver() {
  const watches: Watch[] = [];
  class FakeIntersectionObserver {
    readonly root = null;
    readonly rootMargin = '0px';
    readonly thresholds: number[] = [];
    readonly #watch: Watch;
    constructor(callback: IntersectionObserverCallback) {
      this.#watch = { callback, targets: new Set(), observer: this as unknown as IntersectionObserver };
      watches.push(this.#watch);
    }
    observe(target: Element) {
      this.#watch.targets.add(target);
    }
    unobserve(target: Element) {
      this.#watch.targets.delete(target);
    }
    disconnect() {
      this.#watch.targets.clear();
    }
    takeRecords(): IntersectionObserverEntry[] {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);

  return {
    show(target: Element, ratio: number) {
      act(() => {
        for (const watch of watches) {
          if (!watch.targets.has(target)) continue;
          const entry = {
            target,
            isIntersecting: ratio > 0,
            intersectionRatio: ratio,
          } as IntersectionObserverEntry;
          watch.callback([entry], watch.observer);
        }
      });
    },
  };
}

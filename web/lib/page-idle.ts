import { useEffect } from 'react';

/**
 * Resolves once the page has loaded and the browser is idle (at most 2 s after the load): for work
 * a first page does not need to paint or answer a tap, such as loading hls.js for a video that
 * shows its poster meanwhile (docs/decisions/0032). Later calls resolve at once.
 */
let idle: Promise<void> | undefined;

export function pageIdle(): Promise<void> {
  idle ??= new Promise<void>((resolve) => {
    const whenIdle = () => {
      if (typeof window.requestIdleCallback === 'function') {
        window.requestIdleCallback(() => resolve(), { timeout: 2000 });
      } else setTimeout(resolve, 0);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
  });
  return idle;
}

/**
 * Fetches a part's code once the page is idle (pageIdle), so the first tap on it finds the code
 * there: for menus whose button stands in for them until that tap, outside the work that puts
 * the page on screen.
 */
export function usePrefetchWhenIdle(load: (() => Promise<unknown>) | null): void {
  useEffect(() => {
    if (load) void pageIdle().then(load);
  }, [load]);
}

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

import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { limits } from '#common/limits.ts';
import { trackPageView } from '../../lib/analytics.ts';

/** Scrolls to the element a `#hash` names, or to the top of the page when there is none. */
function scrollToStart(hash: string): void {
  const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
  if (target) target.scrollIntoView();
  else window.scrollTo(0, 0);
}

/**
 * Every route change starts at the top, and again 100 ms later for content (images, lazy parts)
 * that grew the page after the first scroll. A link to a `#section` lands on that section instead.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path must scroll even when the hash stays the same
  useEffect(() => {
    scrollToStart(hash);
    const again = window.setTimeout(() => scrollToStart(hash), limits.scrollToTopRepeatMs);
    return () => window.clearTimeout(again);
  }, [pathname, hash]);
  return null;
}

/**
 * Reports a page view on every path or query change. Render it after the page so the page has set
 * `document.title` by the time this effect runs (effects run in tree order).
 */
export function PageViewTracker() {
  const { pathname, search } = useLocation();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const path = `${pathname}${search}`;
    if (previous.current === path) return;
    const referrer =
      previous.current === null ? document.referrer : `${window.location.origin}${previous.current}`;
    trackPageView({ path, title: document.title, referrer });
    previous.current = path;
  }, [pathname, search]);
  return null;
}

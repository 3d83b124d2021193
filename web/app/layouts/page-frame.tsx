import { Outlet } from 'react-router';
import { PageViewTracker, ScrollToTop } from './navigation-effects.tsx';

/**
 * Wraps every page. It only mounts once the first page's code has loaded (the router shows the
 * loading fallback until then), so the first page view carries the page's real title.
 */
export function PageFrame() {
  return (
    <>
      <Outlet />
      <ScrollToTop />
      <PageViewTracker />
    </>
  );
}

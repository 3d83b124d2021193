import { Outlet, useLocation } from 'react-router';
import { pageReady } from '../pages.ts';
import { RouteErrorBoundary } from '../route-error-screen.tsx';
import { PageViewTracker, ScrollToTop } from './navigation-effects.tsx';

/**
 * Wraps every page, with the page's error boundary. The page view is reported only once the
 * page's code has loaded (until then the page area shows the loading state), so it carries the
 * page's real title.
 */
export function PageFrame() {
  const { pathname } = useLocation();
  return (
    <>
      <RouteErrorBoundary resetKey={pathname}>
        <Outlet />
      </RouteErrorBoundary>
      {pageReady(pathname) ? (
        <>
          <ScrollToTop />
          <PageViewTracker />
        </>
      ) : null}
    </>
  );
}

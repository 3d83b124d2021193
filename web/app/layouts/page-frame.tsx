import { Outlet, useLocation } from 'react-router';
import { HydrateLater } from '../../components/hydrate-later.tsx';
import { pageReady } from '../pages.ts';
import { RouteErrorBoundary } from '../route-error-screen.tsx';
import { PageViewTracker, ScrollToTop } from './navigation-effects.tsx';

/**
 * Wraps every page, with the page's error boundary. The page view is reported only once the
 * page's code has loaded (until then the page area shows the loading state), so it carries the
 * page's real title. The page itself is adopted in a task after the frame's (top bar, bottom bar,
 * providers): adopted together they were a phone's longest task. Every page renders one element.
 */
export function PageFrame() {
  const { pathname } = useLocation();
  return (
    <>
      <HydrateLater>
        <RouteErrorBoundary resetKey={pathname}>
          <Outlet />
        </RouteErrorBoundary>
      </HydrateLater>
      {pageReady(pathname) ? (
        <>
          <ScrollToTop />
          <PageViewTracker />
        </>
      ) : null}
    </>
  );
}

import { useEffect, useReducer, useRef } from 'react';
import { type Location, Navigate, Route, Routes, useLocation } from 'react-router';
import { routes } from '#common/routes.ts';
import { AppLayout } from './layouts/app-layout.tsx';
import { PageFrame } from './layouts/page-frame.tsx';
import { PageLoading } from './layouts/page-loading.tsx';
import { loadPage, type Page, pageFor, pageReady, pageState } from './pages.ts';
import { RouteErrorBoundary } from './route-error-screen.tsx';

/** The page's component once loaded; its loading state until then; its failure, thrown to the boundary. */
function LoadedPage({ page }: { page: Page }) {
  const { Component, error, failed } = pageState(page);
  // Shown by the page's error boundary; the error screen's Reload asks for the code again.
  if (failed) throw error;
  return Component ? <Component /> : <PageLoading />;
}

/** `/post-content` is a friendlier spelling of the spec's `/post-ccontent`. */
function PostContentAlias() {
  const { search } = useLocation();
  return <Navigate to={`${routes.postContent}${search}`} replace />;
}

/**
 * The app's routes: one layout for all, pages inside it. On a move to a page whose code has not
 * loaded yet, the page before stays on screen (the layout already shows the new address) until
 * that code arrives, as a full page load would; only the very first page shows the loading state.
 * A page's error renders inside the layout; the layout's own error replaces it.
 */
export function AppRoutes() {
  const location = useLocation();
  const target = pageFor(location.pathname);
  const [, redraw] = useReducer((count: number) => count + 1, 0);
  const lastDrawn = useRef<Location | null>(null);
  const ready = pageReady(location.pathname);
  useEffect(() => {
    if (!target) return;
    let current = true;
    void loadPage(target).then(() => {
      if (current) redraw();
    });
    return () => {
      current = false;
    };
  }, [target]);
  if (ready || !lastDrawn.current) lastDrawn.current = location;
  // Only the drawn page's route is handed to React Router, which ranks every route it is given
  // on each draw: the pages list has ranked them already (pageFor), once per address.
  const drawn = pageFor(lastDrawn.current.pathname);
  return (
    <Routes location={lastDrawn.current}>
      <Route
        element={
          <RouteErrorBoundary>
            <AppLayout />
          </RouteErrorBoundary>
        }
      >
        <Route element={<PageFrame />}>
          {drawn ? (
            <Route key={drawn.path} path={drawn.path} element={<LoadedPage page={drawn} />} />
          ) : (
            <Route path={routes.postContentAlias} element={<PostContentAlias />} />
          )}
        </Route>
      </Route>
    </Routes>
  );
}

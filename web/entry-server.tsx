/**
 * The first paint of a public page, rendered by the server (built by `npm run build` into
 * dist/ssr, loaded by server/plugins/web-app.ts): the signed-out view, or a signed-in viewer's own
 * when the page cookie named a valid session (server/plugins/page-renderer.ts). The browser then
 * adopts this markup (web/main.tsx), starting from the same data (docs/decisions/0026).
 * Beside it comes the page's skeleton, which a signed-in viewer sees instead when the page is not
 * theirs, until the app has rendered their own page (app/layouts/session-skeleton.tsx).
 */
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { SessionSkeleton } from './app/layouts/session-skeleton.tsx';
import { loadPage, pageFor } from './app/pages.ts';
import { AppProvider } from './app/provider.tsx';
import { AppRoutes } from './app/router.tsx';
import { setApiTransport } from './lib/api-client.ts';
import { createQueryClient } from './lib/query-client.ts';
import { renderAs, type Session, toSessionUser } from './lib/session.ts';

export interface ServerPage {
  /** The markup of #root. */
  html: string;
  /** react-query's dehydrated cache: the data the page was rendered with. */
  state: unknown;
  /** What a signed-in viewer sees until the app shows their own page: the frame and loading state. */
  skeleton: string;
}

/**
 * API calls during rendering go to the server's own routes; the transport signs them in as the
 * viewer the page is rendered for, if any (the app's own client has no stored token here).
 */
export function setServerApiTransport(transport: typeof fetch): void {
  setApiTransport(transport);
}

/** Render passes: each may reveal queries that need the data of the one before. */
const MAX_PASSES = 3;

type CachedQuery = ReturnType<ReturnType<QueryClient['getQueryCache']>['getAll']>[number];

/** What the browser would fetch: a query turned off (`enabled: false`) stays unasked here too. */
function isEnabled(query: CachedQuery): boolean {
  const enabled: unknown = (query.options as { enabled?: unknown }).enabled;
  return typeof enabled === 'function' ? enabled(query) !== false : enabled !== false;
}

async function fetchPending(client: QueryClient): Promise<boolean> {
  const pending = client
    .getQueryCache()
    .getAll()
    .filter(
      (query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle' && isEnabled(query),
    );
  // A failed query stays out of the page: the browser asks again and shows its own error state.
  await Promise.all(pending.map((query) => query.fetch().catch(() => undefined)));
  return pending.length > 0;
}

/** Whom a page is rendered for: the session's token and the user `/api/auth/profile` answered. */
export interface PageViewer {
  token: string;
  user: unknown;
}

/**
 * Null when the address is not a page of its own (it sends the visitor on elsewhere). With
 * `viewer`, the page is that viewer's own, as the app would render it for their stored session.
 */
export async function renderPage(url: string, viewer?: PageViewer): Promise<ServerPage | null> {
  const session: Session | null = viewer ? { token: viewer.token, user: toSessionUser(viewer.user) } : null;
  const { pathname, search } = new URL(url);
  const page = pageFor(pathname);
  if (!page) return null;
  // The page's code first, so the render draws the page itself rather than its loading state.
  await loadPage(page);
  const client = createQueryClient();
  const render = () =>
    renderAs(session, () =>
      renderToString(
        <StrictMode>
          <AppProvider client={client}>
            <StaticRouter location={`${pathname}${search}`}>
              <AppRoutes />
            </StaticRouter>
          </AppProvider>
        </StrictMode>,
      ),
    );
  let html = render();
  for (let pass = 1; pass < MAX_PASSES && (await fetchPending(client)); pass += 1) html = render();
  const state = dehydrate(client);
  client.clear();
  return { html, state, skeleton: renderSessionSkeleton(url) };
}

/** The signed-in skeleton of the page at `url` (no data: it is the same for every viewer). */
export function renderSessionSkeleton(url: string): string {
  const { pathname } = new URL(url);
  return renderToString(
    <StaticRouter location={pathname}>
      <SessionSkeleton pathname={pathname} />
    </StaticRouter>,
  );
}

import '@fontsource-variable/inter/wght.css';
import '@fontsource/roboto-mono/400.css';
import '@fontsource/roboto-mono/500.css';
import '@fontsource/poppins/400.css';
import '@fontsource/poppins/500.css';
import '@fontsource/poppins/600.css';
import '@fontsource/poppins/700.css';
import './index.css';
import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition, useLayoutEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { loadPage, pageFor, pageReady } from './app/pages.ts';
import { keepListsForOffline } from './features/posts/index.ts';
import { initFonts } from './lib/fonts.ts';
import {
  endHydrationWhenIdle,
  nextHydrationSlice,
  setHydrating,
  setPageEventsFrom,
} from './lib/hydration.ts';
import { queryClient } from './lib/query-client.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import { getSession } from './lib/session.ts';
import { initTheme } from './lib/theme.ts';
import { cn } from './lib/utils.ts';

initTheme();
initFonts();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render into');

// A public page comes with its first paint rendered by the server (server/plugins/page-renderer.ts)
// and the data it was rendered from: the visitor's page, or a signed-in viewer's own (named by
// <meta name="viewer">, from the page cookie). When it was rendered for this device's session, the
// app starts from that data and adopts the markup. Otherwise that data is not this viewer's (not
// every query key names the viewer): it is left out, and the page is drawn again.
const serverState = document.getElementById('server-state');
const renderedFor = document.querySelector('meta[name="viewer"]')?.getAttribute('content') ?? null;
const ownPage = (getSession()?.user.id ?? null) === renderedFor;
if (serverState?.textContent && ownPage) {
  try {
    hydrate(queryClient, JSON.parse(serverState.textContent));
    keepListsForOffline(queryClient);
  } catch {
    // Unreadable: the page asks the API as it would without it.
  }
}
serverState?.remove();
const serverRendered = container.hasAttribute('data-server-rendered');

/** Runs once the app's own markup is in place, before it is painted. */
function TakeOverServerMarkup() {
  useLayoutEffect(() => {
    // The frame is adopted now; the page inside it, then each of its cards, take a task of their
    // own after it (components/hydrate-later.tsx) and answer a key or a tap once adopted. #root
    // stays inert until the page's own turn has passed, so a tap meanwhile is not taken by markup
    // that has no handlers yet; `data-adopting` stays until the cards have had theirs too.
    container?.setAttribute('data-adopting', '');
    void nextHydrationSlice().then(() => container?.removeAttribute('inert'));
    void endHydrationWhenIdle().then(() => container?.removeAttribute('data-adopting'));
    // Signed in, this is when the page's skeleton makes way (index.html shows it instead of #root).
    document.getElementById('session-skeleton')?.remove();
    container?.removeAttribute('data-server-rendered');
  }, []);
  return null;
}

function start() {
  const app = (
    <StrictMode>
      <App />
      {serverRendered ? <TakeOverServerMarkup /> : null}
    </StrictMode>
  );
  // The server's markup is this very page: React adopts it instead of drawing it again. Where it
  // differs (a clock or a preference of this device), React draws that part itself.
  // In a transition React works in slices, so the main thread stays free for input meanwhile.
  if (serverRendered && ownPage) {
    setHydrating(true);
    // The page is this viewer's as of this event: their stream replays what came after it.
    setPageEventsFrom(container?.getAttribute('data-events-from') ?? null);
    startTransition(() => {
      hydrateRoot(container as HTMLElement, app, {
        onRecoverableError: (error) => console.info('The page was redrawn in the browser:', error),
      });
    });
    return;
  }
  // The server's markup is someone else's page (the visitor's, to a signed-in device): nothing of
  // it may be kept, not even a part Preact would leave in place while it waits for that part's code.
  if (serverRendered) container?.replaceChildren();
  const root = createRoot(container as HTMLElement);
  startTransition(() => root.render(app));
}

// Offline visits, push notifications and new versions: once the page has loaded and is idle.
registerServiceWorker();

// The first page's code is asked for in a task of its own, after the app's modules have run: on a
// phone each is a long task alone. Replacing the server's markup before that code has loaded would
// flash the loading state, so then the first render waits for it, in a task of its own again.
// Either way the first render has a task of its own, after tailwind-merge's below.
setTimeout(() => {
  const first = pageFor(window.location.pathname);
  if (serverRendered && first && !pageReady(window.location.pathname)) {
    void loadPage(first).then(() => setTimeout(start, 0));
  } else {
    setTimeout(start, 0);
  }
}, 0);

// tailwind-merge builds its tables on its first call: done in a task of its own (while the page's
// code downloads, or just before the first render), instead of inside the first render's.
setTimeout(() => cn('p-0', 'p-1'), 0);

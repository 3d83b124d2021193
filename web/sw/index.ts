/// <reference lib="webworker" />
/**
 * The service worker, served at /sw.js (built by vite.config.ts's `serviceWorker` plugin): push
 * notifications (push.ts), the app shell kept for offline visits, the last feed pages seen, and
 * public pictures. What may be kept is decided in cache-rules.ts.
 *
 * A new build makes a new worker (its precache list and version change). It waits until the app
 * asks it to take over (`skip-waiting`, after the visitor chose Reload) or every tab has closed:
 * a page is never swapped under someone typing.
 */
import './push.ts';
import { type CacheRoute, cacheRouteOf, mayKeep } from './cache-rules.ts';

declare const self: ServiceWorkerGlobalScope;

const SHELL = `fanplace-shell-${SW_VERSION}`;
const FEED = 'fanplace-feed';
const IMAGES = 'fanplace-images';
const ASSETS = 'fanplace-assets';
/** Offline, the page for every address: the app draws the page the address names. */
const SHELL_PAGE = '/index.html';
/** Mirrors web/lib/online.ts: on an answer from the cache instead of the network. */
const SAVED_ANSWER_HEADER = 'x-fanplace-saved';
/** A feed slower than this on a poor connection: the last page kept is shown meanwhile. */
const FEED_TIMEOUT_MS = 3000;
const MAX_IMAGES = 300;

const precached = new Set(SW_PRECACHE);

/** Counts sign-outs: a feed page asked for before one is not kept after it. */
let signOuts = 0;

self.addEventListener('install', (event) => {
  // `reload`: the server's copy, not one the HTTP cache holds from an older build.
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll(SW_PRECACHE.map((url) => new Request(url, { cache: 'reload' })))),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // Files of older builds are never asked for again.
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => (name.startsWith('fanplace-shell-') && name !== SHELL) || name === ASSETS)
          .map((name) => caches.delete(name)),
      );
      // The first worker takes the open tab at once, so its feed is kept from this visit on.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  const type = (event.data as { type?: unknown } | null)?.type;
  if (type === 'skip-waiting') void self.skipWaiting();
  if (type === 'signed-out') {
    // Feed pages are the viewer's own: the next person on this device must not see them. Nor
    // the account's pushes: the server dropped this device with the session, and the browser
    // drops its subscription too.
    signOuts += 1;
    event.waitUntil(
      Promise.all([
        caches.delete(FEED),
        caches.delete(IMAGES),
        self.registration.pushManager
          .getSubscription()
          .then((subscription) => subscription?.unsubscribe())
          .catch(() => false),
      ]),
    );
  }
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  const ownFile =
    request.method === 'GET' && url.origin === self.location.origin && request.mode !== 'navigate';
  if (ownFile && precached.has(url.pathname)) {
    event.respondWith(fromCacheFirst(SHELL, request));
    return;
  }
  const route = cacheRouteOf(
    { method: request.method, url: request.url, mode: request.mode, hasRange: request.headers.has('range') },
    self.location.origin,
  );
  if (route === 'navigation') event.respondWith(page(request));
  else if (route === 'feed') event.respondWith(feed(event, request));
  else if (route === 'image') event.respondWith(image(event, request));
  else if (route === 'asset') event.respondWith(fromCacheFirst(ASSETS, request, 'asset'));
  // Anything else goes to the network as if there were no worker.
});

/** The server's page (it renders some itself); offline, the app shell. */
async function page(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match(SHELL_PAGE, { cacheName: SHELL });
    if (shell) return shell;
    throw error;
  }
}

async function keep(cacheName: string, route: CacheRoute, request: Request, response: Response) {
  if (!mayKeep(route, response)) return;
  const cache = await caches.open(cacheName);
  await cache.put(request, response);
  if (cacheName === IMAGES) {
    const keys = await cache.keys();
    await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_IMAGES)).map((key) => cache.delete(key)));
  }
}

/** Network first; after FEED_TIMEOUT_MS or offline, the last answer kept for this address. */
async function feed(event: FetchEvent, request: Request): Promise<Response> {
  const signOutsBefore = signOuts;
  const network = fetch(request).then(async (response) => {
    if (signOuts === signOutsBefore) await keep(FEED, 'feed', request, response.clone());
    return response;
  });
  event.waitUntil(network.catch(() => undefined));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slow = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), FEED_TIMEOUT_MS);
  });
  try {
    const answer = await Promise.race([network, slow]);
    if (answer) return answer;
  } catch {
    // Offline or the connection dropped: the kept page, if there is one.
  } finally {
    clearTimeout(timer);
  }
  const saved = await caches.match(request, { cacheName: FEED });
  if (!saved) return network;
  // Marked, so the app does not take the saved page as a sign that the server answers.
  const headers = new Headers(saved.headers);
  headers.set(SAVED_ANSWER_HEADER, '1');
  return new Response(saved.body, { status: saved.status, statusText: saved.statusText, headers });
}

/** Stale-while-revalidate: the kept copy at once, refreshed from the network behind it. */
async function image(event: FetchEvent, request: Request): Promise<Response> {
  const cached = await caches.match(request, { cacheName: IMAGES });
  const network = fetch(request).then(async (response) => {
    await keep(IMAGES, 'image', request, response.clone());
    return response;
  });
  if (!cached) return network;
  event.waitUntil(network.catch(() => undefined));
  return cached;
}

/** Built files never change under their name: the kept copy, else the network's (kept for next time). */
async function fromCacheFirst(cacheName: string, request: Request, route?: CacheRoute): Promise<Response> {
  const cached = await caches.match(request, { cacheName });
  if (cached) return cached;
  const response = await fetch(request);
  if (route) await keep(cacheName, route, request, response.clone());
  return response;
}

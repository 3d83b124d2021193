import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routes } from '../../common/routes.ts';
import { sessionCookie } from '../../common/storage-keys.ts';

/** What `npm run build` puts in dist/ssr/entry-server.js (web/entry-server.tsx). */
interface ServerEntry {
  setServerApiTransport(transport: typeof fetch): void;
  /**
   * `skeleton` is missing from a build made before signed-in skeletons; `viewer` is ignored by a
   * build made before viewers' own pages (the page is then the visitor's).
   */
  renderPage(
    url: string,
    viewer?: { token: string; user: unknown },
  ): Promise<{ html: string; state: unknown; skeleton?: string } | null>;
}

export interface RenderedPage {
  html: string;
  /** Rendered for the signed-in viewer the page cookie named: never to be kept by a shared cache. */
  personal: boolean;
}

export interface PageRenderer {
  /** Route patterns of the pages it renders. */
  paths: readonly string[];
  /** The page with its first paint and data, or null to send the plain index.html. */
  render(request: FastifyRequest): Promise<RenderedPage | null>;
}

/**
 * The pages a signed-out visitor lands on (docs/decisions/0026): their markup comes from the
 * server, so a phone paints them before any JavaScript arrives.
 */
const serverRendered = [routes.home, routes.discover, routes.publicProfile];

const ROOT = '<div id="root"></div>';
const APP_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
/** theme-init.js's element, up to its attributes (`appAfterFirstPaint` adds one). */
const THEME_SCRIPT_START = '<script src="/theme-init.js"';
const THEME_SCRIPT = `${THEME_SCRIPT_START}>`;

/**
 * A server-rendered page asks for the app's code only once its markup has been painted: the module
 * is named on theme-init.js's element (`data-app`), which loads it after the first paint
 * (web/public/theme-init.js). On a phone's slow network the first paint's markup, styles and
 * pictures then get the bandwidth first, and the app adopts the markup a moment later.
 */
export function appAfterFirstPaint(template: string): string {
  const app = template.match(APP_SCRIPT)?.[1];
  if (!app || !template.includes(THEME_SCRIPT)) return template;
  return template
    .replace(APP_SCRIPT, '')
    .replace(THEME_SCRIPT, () => `${THEME_SCRIPT_START} data-app="${app}">`);
}
/** JSON that can never close the script element it sits in. */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
/** Text safe inside a double-quoted attribute. */
const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The token in the request's page cookie (common/storage-keys.ts), if any. */
export function pageCookieToken(cookieHeader: string | undefined): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== sessionCookie) continue;
    try {
      const token = decodeURIComponent(rest.join('='));
      return token === '' ? null : token;
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * Loads the server entry built next to the web app (dist/ssr beside dist/web). Without it (a
 * build from before, or WEB_DIST_DIR elsewhere) pages are the plain index.html, as before.
 */
export async function loadPageRenderer(
  app: FastifyInstance,
  distDir: string,
  template: string,
  options: {
    /**
     * The latest pushed event's number, read before a viewer's page reads its data: the page names
     * it (`data-events-from`), and its event stream starts there (web/lib/event-stream.ts), so
     * whatever is pushed after the render began is replayed when the stream opens, however late.
     */
    latestEventId?: () => Promise<number>;
  } = {},
): Promise<PageRenderer | null> {
  const entryFile = path.join(path.dirname(distDir), 'ssr', 'entry-server.js');
  if (!existsSync(entryFile) || !template.includes(ROOT)) return null;
  const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
  const shell = appAfterFirstPaint(template);
  // The page's reads come from the visitor's address (request.ip, after TRUST_PROXY), so rules
  // that depend on it, such as a creator's blocked countries, answer as they would to the browser;
  // and, for a viewer's own page, with their session's token, so every policy answers as to them.
  const visitor = new AsyncLocalStorage<{ ip: string; token: string | null }>();
  const read = async (pathAndQuery: string, token: string | null) =>
    app.inject({
      method: 'GET',
      url: pathAndQuery,
      headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(visitor.getStore() ? { remoteAddress: visitor.getStore()?.ip } : {}),
    });
  // The page's reads go through the app's own routes; rendering never writes.
  entry.setServerApiTransport(async (input, init) => {
    if ((init?.method ?? 'GET') !== 'GET') return new Response(null, { status: 405 });
    const url = new URL(String(input), 'http://page.invalid');
    const response = await read(`${url.pathname}${url.search}`, visitor.getStore()?.token ?? null);
    return new Response(response.rawPayload, {
      status: response.statusCode,
      headers: { 'content-type': String(response.headers['content-type'] ?? 'application/json') },
    });
  });
  /** The viewer the page cookie names, if its session is valid (as the API itself decides). */
  const viewerOf = async (request: FastifyRequest) => {
    const token = pageCookieToken(request.headers.cookie);
    if (!token) return null;
    const profile = await visitor.run({ ip: request.ip, token: null }, () =>
      read('/api/auth/profile', token),
    );
    if (profile.statusCode !== 200) return null;
    const { user } = profile.json() as { user?: { id?: unknown } };
    return typeof user?.id === 'string' ? { token, user, id: user.id } : null;
  };
  return {
    paths: serverRendered,
    async render(request) {
      try {
        const viewer = await viewerOf(request);
        const eventsFrom = viewer && options.latestEventId ? await options.latestEventId() : null;
        const page = await visitor.run({ ip: request.ip, token: viewer?.token ?? null }, () =>
          entry.renderPage(
            new URL(request.url, 'http://page.invalid').href,
            viewer ? { token: viewer.token, user: viewer.user } : undefined,
          ),
        );
        if (!page) return null;
        // React places the images it wants early (rel=preload) before the markup: they go in <head>.
        const hints = page.html.match(/^(<link [^>]*\/>)+/)?.[0] ?? '';
        const body = page.html.slice(hints.length);
        // A viewer's own page names them, so the browser shows it only to the same stored session
        // (web/public/theme-init.js): any other device state gets the skeleton until the app runs.
        const viewerMeta = viewer ? `<meta name="viewer" content="${attribute(viewer.id)}">` : '';
        const html = shell
          // Functions, so a `$&` or `$'` in the page's text is text, not a replacement pattern.
          .replace('</head>', () => `${hints}</head>`)
          .replace(THEME_SCRIPT_START, (script) => `${viewerMeta}${script}`)
          // The page is painted without its JavaScript: pictures, fonts and styles come first.
          .replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"')
          .replace(
            ROOT,
            () =>
              // A signed-in viewer sees the skeleton instead of a page that is not theirs until the
              // app shows their own (index.html's rules, web/public/theme-init.js, web/main.tsx).
              (page.skeleton ? `<div id="session-skeleton" inert>${page.skeleton}</div>` : '') +
              `<div id="root" data-server-rendered${viewer ? ' data-viewer' : ''}` +
              `${eventsFrom === null ? '' : ` data-events-from="${eventsFrom}"`} inert>${body}</div>` +
              `<script type="application/json" id="server-state">${scriptSafeJson(page.state)}</script>`,
          );
        return { html, personal: viewer !== null };
      } catch (error) {
        request.log.warn({ err: error }, 'page not rendered on the server: sending the plain page');
        return null;
      }
    },
  };
}

import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routes } from '../../common/routes.ts';

/** What `npm run build` puts in dist/ssr/entry-server.js (web/entry-server.tsx). */
interface ServerEntry {
  setServerApiTransport(transport: typeof fetch): void;
  /** `skeleton` is missing from a build made before signed-in skeletons. */
  renderPage(url: string): Promise<{ html: string; state: unknown; skeleton?: string } | null>;
}

export interface PageRenderer {
  /** Route patterns of the pages it renders. */
  paths: readonly string[];
  /** The page with its first paint and data, or null to send the plain index.html. */
  render(request: FastifyRequest): Promise<string | null>;
}

/**
 * The pages a signed-out visitor lands on (docs/decisions/0026): their markup comes from the
 * server, so a phone paints them before any JavaScript arrives.
 */
const serverRendered = [routes.home, routes.discover, routes.publicProfile];

const ROOT = '<div id="root"></div>';
const APP_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const THEME_SCRIPT = '<script src="/theme-init.js">';

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
    .replace(THEME_SCRIPT, () => `<script src="/theme-init.js" data-app="${app}">`);
}
/** JSON that can never close the script element it sits in. */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * Loads the server entry built next to the web app (dist/ssr beside dist/web). Without it (a
 * build from before, or WEB_DIST_DIR elsewhere) pages are the plain index.html, as before.
 */
export async function loadPageRenderer(
  app: FastifyInstance,
  distDir: string,
  template: string,
): Promise<PageRenderer | null> {
  const entryFile = path.join(path.dirname(distDir), 'ssr', 'entry-server.js');
  if (!existsSync(entryFile) || !template.includes(ROOT)) return null;
  const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
  const shell = appAfterFirstPaint(template);
  // The page's reads come from the visitor's address (request.ip, after TRUST_PROXY), so rules
  // that depend on it, such as a creator's blocked countries, answer as they would to the browser.
  const visitor = new AsyncLocalStorage<string>();
  // The page's reads go through the app's own routes, signed out; rendering never writes.
  entry.setServerApiTransport(async (input, init) => {
    if ((init?.method ?? 'GET') !== 'GET') return new Response(null, { status: 405 });
    const url = new URL(String(input), 'http://page.invalid');
    const response = await app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { accept: 'application/json' },
      ...(visitor.getStore() ? { remoteAddress: visitor.getStore() } : {}),
    });
    return new Response(response.rawPayload, {
      status: response.statusCode,
      headers: { 'content-type': String(response.headers['content-type'] ?? 'application/json') },
    });
  });
  return {
    paths: serverRendered,
    async render(request) {
      try {
        const page = await visitor.run(request.ip, () =>
          entry.renderPage(new URL(request.url, 'http://page.invalid').href),
        );
        if (!page) return null;
        // React places the images it wants early (rel=preload) before the markup: they go in <head>.
        const hints = page.html.match(/^(<link [^>]*\/>)+/)?.[0] ?? '';
        const body = page.html.slice(hints.length);
        return (
          shell
            // Functions, so a `$&` or `$'` in the page's text is text, not a replacement pattern.
            .replace('</head>', () => `${hints}</head>`)
            // The page is painted without its JavaScript: pictures, fonts and styles come first.
            .replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"')
            .replace(
              ROOT,
              () =>
                // A signed-in viewer sees the skeleton instead of the visitor's page until the app
                // shows their own (index.html's rules, web/public/theme-init.js, web/main.tsx).
                (page.skeleton ? `<div id="session-skeleton" inert>${page.skeleton}</div>` : '') +
                `<div id="root" data-server-rendered inert>${body}</div>` +
                `<script type="application/json" id="server-state">${scriptSafeJson(page.state)}</script>`,
            )
        );
      } catch (error) {
        request.log.warn({ err: error }, 'page not rendered on the server: sending the plain page');
        return null;
      }
    },
  };
}

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiErrorBody } from '../../common/errors.ts';
import { isKnownPath, routes } from '../../common/routes.ts';
import { loadPageRenderer, type PageRenderer } from './page-renderer.ts';

export interface WebAppOptions {
  distDir: string;
  /** The latest pushed event's number: a viewer's own page names it (page-renderer.ts). */
  latestEventId?: () => Promise<number>;
}

const ONE_YEAR = 60 * 60 * 24 * 365;

/**
 * Serves the built web app: hashed assets cached for a year, index.html and the service worker
 * (sw.js) never cached, and the SPA fallback for page routes (200 for the route table, 404 for
 * anything else, both rendered by the client; the public pages of page-renderer.ts come with their
 * first paint rendered by the server). Unknown /api paths answer JSON.
 */
export default fp(
  async function webAppPlugin(app: FastifyInstance, options: WebAppOptions) {
    const indexFile = path.join(options.distDir, 'index.html');
    const hasWebApp = existsSync(indexFile);
    let renderer: PageRenderer | null = null;
    if (hasWebApp) {
      renderer = await loadPageRenderer(app, options.distDir, readFileSync(indexFile, 'utf8'), {
        latestEventId: options.latestEventId,
      });
      // Routes of their own (not the fallback below), so responses are compressed like any other.
      for (const url of renderer?.paths ?? []) {
        app.get(url, { schema: { hide: true } }, async (request, reply) => {
          const page = await renderer?.render(request);
          // The page depends on the page cookie: a viewer's own is theirs alone, kept by no cache.
          reply.header('vary', 'cookie');
          if (!page) return reply.header('cache-control', 'no-cache').sendFile('index.html', options.distDir);
          return reply
            .header('cache-control', page.personal ? 'private, no-store' : 'no-cache')
            .type('text/html; charset=utf-8')
            .send(page.html);
        });
      }
      await app.register(fastifyStatic, {
        root: options.distDir,
        // One route per built file, registered at start: restart after `npm run build`.
        wildcard: false,
        index: false,
        // The build's `.br` and `.gz` of each text file (scripts/precompress.ts) are sent as they
        // are, by what the browser accepts; a file without them is compressed on the fly.
        preCompressed: true,
        globIgnore: ['**/*.br', '**/*.gz'],
        setHeaders(res, filePath) {
          // The file's own name when its compressed copy is what is sent.
          const relative = path.relative(options.distDir, filePath).replace(/\.(?:br|gz)$/, '');
          // The service worker is checked on every visit, so a new build's worker is found at once.
          const cacheControl =
            relative === 'index.html' || relative === 'sw.js'
              ? 'no-cache'
              : relative.startsWith(`assets${path.sep}`)
                ? `public, max-age=${ONE_YEAR}, immutable`
                : 'public, max-age=0, must-revalidate';
          res.header('cache-control', cacheControl);
        },
      });
    } else {
      app.log.warn({ distDir: options.distDir }, 'web app not built: run `npm run build` to serve the UI');
    }

    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const wantsPage =
        (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api');
      // A path with an extension is a missing file, unless it is a page (a handle may contain dots).
      if (wantsPage && hasWebApp && (!path.extname(pathname) || isKnownPath(pathname))) {
        // The reset link's token sits in the query string: never send it on as a referrer.
        if (pathname === routes.resetPassword) reply.header('referrer-policy', 'no-referrer');
        return reply.status(isKnownPath(pathname) ? 200 : 404).sendFile('index.html', options.distDir);
      }
      const body: ApiErrorBody = {
        message: `Route ${request.method} ${pathname} not found`,
        code: 'NOT_FOUND',
      };
      return reply.status(404).send(body);
    });
  },
  { name: 'web-app' },
);

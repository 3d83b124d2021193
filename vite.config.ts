import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, defineConfig, minifySync, type Plugin, type Rolldown } from 'vite';
import { firstPageChunks } from './scripts/first-page-chunks.ts';
import { precompress } from './scripts/precompress.ts';

const fromRoot = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

/**
 * After the browser build, builds web/entry-server.tsx into dist/ssr: the server renders the first
 * paint of public pages with it (docs/decisions/0026), so one `vite build` always makes both.
 */
function serverEntry(): Plugin {
  return {
    name: 'fanplace-server-entry',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    async closeBundle() {
      await build({
        configFile: fromRoot('./vite.config.ts'),
        build: { ssr: 'entry-server.tsx' },
        logLevel: 'warn',
      });
    },
  };
}

/**
 * web/public/theme-init.js is copied as it is written, comments included, and every page loads it
 * before its first paint: the build minifies the copy (about half its gzipped bytes).
 */
function minifiedThemeScript(): Plugin {
  let outDir = '';
  return {
    name: 'fanplace-minified-theme-script',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const file = path.join(outDir, 'theme-init.js');
      const { code, errors } = minifySync(file, readFileSync(file, 'utf8'), { compress: true, mangle: true });
      if (errors?.length) throw new Error(`theme-init.js did not minify: ${errors[0]?.message}`);
      writeFileSync(file, code);
    },
  };
}

/**
 * Last of the browser build (after the service worker and the minified theme script are written):
 * a `.br` and a `.gz` of each text file beside it, which the server sends as they are
 * (scripts/precompress.ts).
 */
function precompressed(): Plugin {
  let outDir = '';
  return {
    name: 'fanplace-precompressed',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await precompress(outDir);
      },
    },
  };
}

/** Files of web/public an offline visit needs: the page, its theme script, the manifest and icons. */
const shellFiles = [
  '/index.html',
  '/theme-init.js',
  '/favicon.svg',
  '/manifest.webmanifest',
  '/icons/icon-192.png',
  '/icons/badge-96.png',
];
/**
 * Code the worker keeps from the start: the first pages, Home's feed, and the toasts (loaded with
 * the first one, which offline may be the one saying a form could not be sent).
 */
const offlinePages = [
  './web/app/routes/home.tsx',
  './web/app/routes/discover.tsx',
  './web/features/posts/components/following-feed.tsx',
  './web/components/ui/toaster.tsx',
].map(fromRoot);

/** The chunks of a build, and each one by its file name. */
function chunksOf(bundle: Rolldown.OutputBundle) {
  const chunks = Object.values(bundle).filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
  return { chunks, byName: new Map(chunks.map((chunk) => [chunk.fileName, chunk])) };
}

/** The files loading `start` brings: those chunks, every chunk they import, and their CSS. */
function filesLoadedBy(
  start: Rolldown.OutputChunk[],
  byName: Map<string, Rolldown.OutputChunk>,
): Set<string> {
  const files = new Set<string>();
  const add = (chunk: Rolldown.OutputChunk | undefined) => {
    if (!chunk || files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const imported of chunk.imports) add(byName.get(imported));
  };
  for (const chunk of start) add(chunk);
  return files;
}

/** The built files of the app's frame and of offlinePages: their chunks, what those import, and CSS. */
function offlineChunks(bundle: Rolldown.OutputBundle): string[] {
  const { chunks, byName } = chunksOf(bundle);
  const start = chunks.filter(
    (chunk) => chunk.isEntry || chunk.moduleIds.some((id) => offlinePages.includes(id)),
  );
  return [...filesLoadedBy(start, byName)].map((file) => `/${file}`);
}

/**
 * Code a signed-in page wants soon, but not to paint or to answer its first tap: the menus that
 * open at the first press (web/components/menu-on-press.tsx). index.html names each one's built
 * files (its chunk, what that imports beyond the app's frame, its CSS) in
 * `<script type="application/json" id="code-for-later">`, so the page has the browser download them
 * when idle without running them (web/lib/page-idle.ts). The names are the keys below.
 */
export const codeForLater = {
  'account-menu': './web/app/layouts/account-dropdown.tsx',
  notifications: './web/features/notifications/components/notification-menu.tsx',
  'post-menu': './web/features/posts/components/post-owner-menu.tsx',
};

/** The built files of each of `codeForLater`, outside the entry's own files. */
export function codeForLaterFiles(bundle: Rolldown.OutputBundle): Record<string, string[]> {
  const { chunks, byName } = chunksOf(bundle);
  const frame = filesLoadedBy(
    chunks.filter((chunk) => chunk.isEntry),
    byName,
  );
  return Object.fromEntries(
    Object.entries(codeForLater).map(([name, module]) => {
      const id = fromRoot(module);
      const own = chunks.filter((chunk) => chunk.facadeModuleId === id || chunk.moduleIds.includes(id));
      if (own.length === 0) throw new Error(`codeForLater: no chunk holds ${module}`);
      return [
        name,
        [...filesLoadedBy(own, byName)].filter((file) => !frame.has(file)).map((file) => `/${file}`),
      ];
    }),
  );
}

function codeForLaterList(): Plugin {
  return {
    name: 'fanplace-code-for-later',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.bundle) return html;
        const list = JSON.stringify(codeForLaterFiles(context.bundle)).replace(/</g, '\\u003c');
        return html.replace(
          '</head>',
          () => `<script type="application/json" id="code-for-later">${list}</script></head>`,
        );
      },
    },
  };
}

/**
 * After the browser build, builds the service worker (web/sw/index.ts) into dist/web/sw.js: one
 * classic script, with the files to keep for offline visits and a hash of their bytes as its
 * version, so each build that changes them makes a new worker (docs/ARCHITECTURE.md, Web app).
 */
function serviceWorker(): Plugin {
  let outDir = '';
  let chunks: string[] = [];
  return {
    name: 'fanplace-service-worker',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      chunks = offlineChunks(bundle);
    },
    async closeBundle() {
      const precache = [...shellFiles, ...chunks];
      const hash = createHash('sha256');
      // After every writeBundle (theme-init.js is minified in place): the bytes a visitor gets.
      for (const file of precache) hash.update(file).update(readFileSync(path.join(outDir, file)));
      await build({
        configFile: false,
        root: fromRoot('./web/sw'),
        publicDir: false,
        logLevel: 'warn',
        define: {
          SW_PRECACHE: JSON.stringify(precache),
          SW_VERSION: JSON.stringify(hash.digest('hex').slice(0, 16)),
        },
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          lib: {
            entry: fromRoot('./web/sw/index.ts'),
            formats: ['iife'],
            name: 'fanplaceServiceWorker',
            fileName: () => 'sw.js',
          },
        },
      });
    },
  };
}

/**
 * In the browser build our own modules (web/, common/) have no side effects on import, except
 * web/main.tsx and style sheets: a module whose exports a page does not use is left out of that
 * page's JavaScript, even when it is named in a feature's index.ts next to what the page uses
 * (docs/decisions/0032). A module that must run for its effects alone is imported from web/main.tsx.
 */
function ownModulesWithoutSideEffects(): Plugin {
  const own = [fromRoot('./web/'), fromRoot('./common/')];
  const entry = fromRoot('./web/main.tsx');
  return {
    name: 'fanplace-own-modules-without-side-effects',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    transform: {
      filter: { id: /\.tsx?$/ },
      handler(_code, id) {
        if (id === entry || !own.some((folder) => id.startsWith(folder))) return null;
        return { moduleSideEffects: false };
      },
    },
  };
}

/**
 * The browser build runs on Preact's React compatibility layer: ~50 KB (gzipped) less JavaScript
 * on every first page than react-dom (docs/decisions/0032). The server's render (dist/ssr), the
 * dev server (React's Fast Refresh and warnings) and the unit tests (vitest.config.ts) keep React.
 */
const preactInBrowser = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
  // React Router's production build: the same code without its development warnings.
  { find: /^react-router$/, replacement: fromRoot('./node_modules/react-router/dist/production/index.mjs') },
  {
    find: /^react-router\/dom$/,
    replacement: fromRoot('./node_modules/react-router/dist/production/dom-export.mjs'),
  },
];

export default defineConfig(({ command, isSsrBuild }) => ({
  root: fromRoot('./web'),
  publicDir: fromRoot('./web/public'),
  plugins: [
    react(),
    tailwindcss(),
    ownModulesWithoutSideEffects(),
    minifiedThemeScript(),
    codeForLaterList(),
    serviceWorker(),
    serverEntry(),
    precompressed(),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fromRoot('./web') },
      { find: '#common', replacement: fromRoot('./common') },
      ...(command === 'build' && !isSsrBuild ? preactInBrowser : []),
    ],
  },
  // The server's render (dist/ssr) carries the libraries its pages use, only the parts they use,
  // instead of importing them from node_modules at run time: the server does not load every icon
  // of lucide-react or every primitive of radix-ui at start, and a production install (`npm ci
  // --omit=dev`, the Docker image) needs none of the browser's libraries (devDependencies). What
  // the server itself has in dependencies stays outside: React (react-dom/server's Node build), zod.
  ssr: { noExternal: true, external: ['react', 'react-dom', 'zod'] },
  build: isSsrBuild
    ? {
        outDir: fromRoot('./dist/ssr'),
        emptyOutDir: true,
        copyPublicDir: false,
        sourcemap: true,
      }
    : {
        outDir: fromRoot('./dist/web'),
        emptyOutDir: true,
        sourcemap: true,
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                // Everything the app's frame (web/main.tsx) imports statically: one chunk.
                { name: 'frame', tags: ['$initial'], priority: 2 },
                {
                  ...firstPageChunks(fromRoot('./web/main.tsx'), {
                    home: fromRoot('./web/app/routes/home.tsx'),
                    discover: fromRoot('./web/app/routes/discover.tsx'),
                    'public-profile': fromRoot('./web/app/routes/public-profile.tsx'),
                  }),
                  priority: 1,
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
      },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://127.0.0.1:${process.env.API_PORT ?? 3000}`, changeOrigin: false } },
  },
}));

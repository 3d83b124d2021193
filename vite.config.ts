import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, defineConfig, minifySync, type Plugin } from 'vite';
import { firstPageChunks } from './scripts/first-page-chunks.ts';

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
  plugins: [react(), tailwindcss(), ownModulesWithoutSideEffects(), minifiedThemeScript(), serverEntry()],
  resolve: {
    alias: [
      { find: '@', replacement: fromRoot('./web') },
      { find: '#common', replacement: fromRoot('./common') },
      ...(command === 'build' && !isSsrBuild ? preactInBrowser : []),
    ],
  },
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

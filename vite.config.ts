import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';

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
];

export default defineConfig(({ command, isSsrBuild }) => ({
  root: fromRoot('./web'),
  publicDir: fromRoot('./web/public'),
  plugins: [react(), tailwindcss(), serverEntry()],
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
        rollupOptions: {
          // A feature's index.ts only re-exports (docs/decisions/0029): marked side-effect free, a page
          // that uses one export gets that module only, not every module the index names.
          treeshake: {
            moduleSideEffects: (id: string) => !/\/web\/features\/[^/]+\/index\.ts$/.test(id),
          },
        },
      },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://127.0.0.1:${process.env.API_PORT ?? 3000}`, changeOrigin: false } },
  },
}));

import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const fromRoot = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
const alias = { '@': fromRoot('./web'), '#common': fromRoot('./common') };

export default defineConfig({
  test: {
    // A test file spends much of its time waiting (the database, ffmpeg, a server it started), and
    // each file has its own database and data directory: one file per core, and at least two at
    // once, halves a 2-core machine's run (Vitest's default leaves a core idle).
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'common/**/*.test.ts', 'scripts/**/*.test.ts'],
          setupFiles: ['server/test/setup.ts'],
          // One migrated database per run, copied for each test file (server/test/database-template.ts).
          globalSetup: ['server/test/database-template.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['web/**/*.test.{ts,tsx}'],
          setupFiles: ['web/test/setup.ts'],
        },
      },
    ],
  },
});

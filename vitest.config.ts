import { globSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const fromRoot = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
const alias = { '@': fromRoot('./web'), '#common': fromRoot('./common') };

const serverTests = ['server/**/*.test.ts', 'common/**/*.test.ts', 'scripts/**/*.test.ts'];
/** Server test files that start, kill or crash processes (servers, workers, ffmpeg, Redis copies). */
const ownProcessTests = [
  'server/main.test.ts',
  'server/startup.test.ts',
  'server/jobs/worker-crash.test.ts',
  'server/services/demo/seed-demo.test.ts',
  'server/adapters/storage/storage.test.ts',
  'server/adapters/redis-outage.test.ts',
  'server/routes/media/server-crash.test.ts',
  'server/routes/media/post-media.test.ts',
  'server/routes/realtime/two-processes.test.ts',
  'server/routes/realtime/redis-outage.test.ts',
  'server/routes/hardening/hostile-uploads.test.ts',
  'scripts/test-all.test.ts',
];
const webTests = 'web/**/*.test.{ts,tsx}';
/**
 * Web test files that replace a module (`vi.mock`), load modules afresh (`vi.resetModules`) or say
 * they need modules no other file has used (`@vitest-isolate`, with the reason): these hold only
 * in a fresh module graph, so they run isolated; every other web file shares its worker's modules.
 */
const webTestsWithMocks = globSync(webTests, { cwd: fromRoot('.') }).filter((file) =>
  /\bvi\.(do)?[mM]ock\(|\bvi\.resetModules\(|@vitest-isolate\b/.test(
    readFileSync(fromRoot(`./${file}`), 'utf8'),
  ),
);

/**
 * In CI a failed test runs once more before it fails the run. A test that passes on that retry is
 * still named, with its first failure, under "Passed only on a retry" at the end of the log
 * (scripts/test-all.ts): the retry keeps one slow moment of a busy machine from failing a pass,
 * and the list keeps the unstable test in view.
 */
export const ciRetry = process.env.CI ? 1 : 0;

/**
 * The files that start their own processes go first, then Vitest's own order for the rest (longest
 * first when it has timed them, largest first on a fresh checkout). Its default runs projects by
 * name, so these long files (up to 80 s each, much of it waiting on the processes they start) ran
 * last, one or two at a time, while the other core had nothing left to do.
 */
export class ProcessesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = (spec: TestSpecification) => (spec.project.name === 'server-processes' ? 0 : 1);
    return sorted.sort((a, b) => first(a) - first(b));
  }
}

const server = {
  retry: ciRetry,
  environment: 'node' as const,
  setupFiles: ['server/test/setup.ts'],
  // One migrated database per run, copied for each test file (server/test/database-template.ts).
  globalSetup: ['server/test/database-template.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
};

const web = {
  retry: ciRetry,
  environment: 'happy-dom' as const,
  setupFiles: ['web/test/setup.ts'],
};

export default defineConfig({
  test: {
    // A test file spends much of its time waiting (the database, ffmpeg, a server it started), and
    // each file has its own database and data directory: one file per core, and at least two at
    // once, halves a 2-core machine's run (Vitest's default leaves a core idle).
    maxWorkers: Math.max(2, availableParallelism()),
    sequence: { sequencer: ProcessesFirst },
    projects: [
      {
        resolve: { alias },
        test: {
          ...server,
          name: 'server',
          include: serverTests,
          exclude: ownProcessTests,
          // Files share their worker's loaded modules: each file builds its own app on its own
          // database, and importing the whole server again for every file cost more than half of
          // this project's time (decision 0036).
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          ...server,
          name: 'server-processes',
          include: ownProcessTests,
          // These start, kill or crash processes and services: each keeps a fresh process.
          isolate: true,
        },
      },
      {
        resolve: { alias },
        test: {
          ...web,
          name: 'web',
          include: [webTests],
          exclude: webTestsWithMocks,
          // Files share their worker's loaded modules (and happy-dom's window, which the setup file
          // clears after each test): a fresh module graph for each of 118 files took three
          // quarters of this project's time.
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: { ...web, name: 'web-mocks', include: webTestsWithMocks, isolate: true },
      },
    ],
  },
});

import { defineConfig } from 'vitest/config';
import { ciRetry } from './vitest.config';

/** Browser tests: a real server process and Debian's Chromium driven by playwright-core. */
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    retry: ciRetry,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A page's answer to a click or a reload takes seconds, not one, on a loaded machine (Vitest's
    // default for expect.poll is 1 s): the creator workflow's vault, reloaded, missed it in CI.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    // Two files at a time against the one server: each test makes its own accounts.
    fileParallelism: true,
    maxWorkers: 2,
    pool: 'forks',
    // Files share their worker's loaded modules (playwright-core and the support files took a
    // sixth of the run when imported again for each file); a file's own server is stopped in
    // its afterAll (e2e/support/own-server.ts), so nothing of one file reaches the next.
    isolate: false,
  },
});

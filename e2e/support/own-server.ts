import { afterAll, beforeAll, inject } from 'vitest';
import { type E2eServer, SERVER_START_TIMEOUT_MS, startE2eServer } from './server.ts';

let ownServer: E2eServer | null = null;

/** The server this file's tests talk to: the run's shared one, or the file's own (`useOwnServer`). */
export function currentServer(): Pick<E2eServer, 'baseUrl' | 'mailDir'> {
  return ownServer ?? { baseUrl: inject('baseUrl'), mailDir: inject('mailDir') };
}

/**
 * The tests of this file talk to a server of their own, started with these settings before them
 * and stopped after: for what the shared server must not do to every other test (a video converter
 * that always fails).
 */
export function useOwnServer(env: Record<string, string>): void {
  beforeAll(async () => {
    ownServer = await startE2eServer(env);
  }, SERVER_START_TIMEOUT_MS + 30_000);
  afterAll(async () => {
    const server = ownServer;
    ownServer = null;
    await server?.stop();
  });
}

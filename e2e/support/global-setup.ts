import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startE2eServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    /** Each email the server sends lands here as `<n>.json` ({to, subject, text, html}). */
    mailDir: string;
  }
}

const root = path.resolve(import.meta.dirname, '../..');

export { E2E_ADMIN_EMAIL } from './server.ts';

/** Builds the web app if needed, then starts one real server on a fresh database for the run. */
export default async function setup(project: TestProject) {
  if (!existsSync(path.join(root, 'dist/web/index.html'))) {
    execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], {
      cwd: root,
      stdio: 'inherit',
    });
  }
  const server = await startE2eServer();
  const { baseUrl, dataDir, mailDir } = server;
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  project.provide('mailDir', mailDir);

  return () => server.stop();
}

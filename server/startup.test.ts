import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabaseEnv } from './test/helpers.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;
const root = path.resolve(import.meta.dirname, '..');

/** A real process; resolves once its output matches `ready`, rejects if it exits first. */
function startProcess(
  script: string,
  env: Record<string, string>,
  ready: RegExp,
): { child: ChildProcess; started: Promise<string> } {
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const started = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start:\n${output}`)), 60_000);
    const check = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve(output);
      }
    };
    child.stdout?.on('data', check);
    child.stderr?.on('data', check);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code}:\n${output}`));
    });
  });
  started.catch(() => undefined);
  return { child, started };
}

/** Needs the machine's PostgreSQL (CI's PostgreSQL run sets TEST_DATABASE_URL). */
describe.skipIf(!databaseUrl)('start-up of several processes on one empty PostgreSQL', () => {
  const children: ChildProcess[] = [];
  const dirs: string[] = [];
  let drop: () => Promise<void> = async () => {};
  afterAll(async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    await drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('brings up two web processes and a worker started at the same moment', async () => {
    const database = await freshDatabaseEnv();
    drop = database.drop;
    const shared = {
      ...database.env,
      APP_SECRET: randomBytes(32).toString('hex'),
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      PORT: '0',
      SEED_DEMO: 'false',
      RUN_JOBS: 'false',
    };
    const envFor = () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'fp-startup-'));
      dirs.push(dir);
      return { ...shared, DATA_DIR: dir, WEB_DIST_DIR: path.join(dir, 'no-web') };
    };
    const processes = [
      startProcess('server/main.ts', envFor(), /running at http:\/\/\S+/),
      startProcess('server/main.ts', envFor(), /running at http:\/\/\S+/),
      startProcess('server/worker.ts', envFor(), /worker started/),
    ];
    children.push(...processes.map((started) => started.child));
    const outputs = await Promise.all(processes.map((started) => started.started));
    for (const output of outputs.slice(0, 2)) {
      const url = /running at (http:\/\/\S+)/.exec(output)?.[1];
      const ready = await fetch(`${url}/api/ready`);
      expect(ready.status).toBe(200);
    }
  });
});

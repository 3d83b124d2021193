import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freshDatabaseEnv } from '../../server/test/helpers.ts';
import { startSmtpCapture } from '../../server/test/smtp-capture.ts';

const root = path.resolve(import.meta.dirname, '../..');
/** The one account the browser tests review creators with. */
export const E2E_ADMIN_EMAIL = 'admin@e2e.example.com';

/** A running app for browser tests: where it answers, and where its emails land. */
export interface E2eServer {
  baseUrl: string;
  dataDir: string;
  /** Each email the server sends lands here as `<n>.json` ({to, subject, text, html}). */
  mailDir: string;
  stop(): Promise<void>;
}

/**
 * A fresh embedded database is made and migrated before the server listens: on a loaded two-core
 * machine that has taken close to a minute. A server that never says so is stopped, not left running.
 */
export const SERVER_START_TIMEOUT_MS = 120_000;

function waitForUrl(child: ChildProcess, getOutput: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within ${SERVER_START_TIMEOUT_MS} ms:\n${getOutput()}`));
    }, SERVER_START_TIMEOUT_MS);
    const check = () => {
      const match = /running at (http:\/\/\S+)/.exec(getOutput());
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', check);
    child.stderr?.on('data', check);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${getOutput()}`));
    });
  });
}

/**
 * One real server (`server/main.ts`) on a fresh database (PostgreSQL when TEST_DATABASE_URL is set,
 * else embedded), with its emails caught by a real SMTP server and written to a folder. `env` adds
 * to or overrides the test settings.
 */
export async function startE2eServer(env: Record<string, string> = {}): Promise<E2eServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fp-e2e-'));
  const database = await freshDatabaseEnv();
  const mailDir = path.join(dataDir, 'captured-mail');
  mkdirSync(mailDir, { recursive: true });
  let mailCount = 0;
  const smtp = await startSmtpCapture({
    onMessage: ({ to, subject, text, html }) => {
      mailCount += 1;
      // Written whole under another name, then renamed: a test reading the folder never sees half a file.
      const file = path.join(mailDir, `${mailCount}.json`);
      writeFileSync(`${file}.partial`, JSON.stringify({ to, subject, text, html }));
      renameSync(`${file}.partial`, file);
    },
  });
  let output = '';
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SMTP_URL: smtp.url,
      ADMIN_EMAILS: E2E_ADMIN_EMAIL,
      // Each browser context and API caller presents its own address (see clientAddress).
      TRUST_PROXY: '127.0.0.1,::1',
      ...database.env,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const baseUrl = await waitForUrl(child, () => output);
  return {
    baseUrl,
    dataDir,
    mailDir,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await smtp.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * npm run bench:footprint: what the embedded server costs at rest, against the floor of its
 * embedded database.
 *
 * 1. The real server (`node server/main.ts`, NODE_ENV=production, embedded PGlite in a temp
 *    DATA_DIR, a free port, no demo content) on a first start (PGlite's initdb, the migrations,
 *    the job tables), then stopped and started again on the same DATA_DIR (what a server that
 *    restarts, or an upgrade, looks like). Each time, once `/api/ready` says ready, the bench samples
 *    the server's resident memory (VmRSS from /proc, so measuring costs the server nothing) every
 *    second until BENCH_SETTLE_SECONDS (20) samples in a row lie within 2 MB, and prints the last
 *    one, with the V8 heap from the server's own `/api/metrics` (prom-client's default metrics).
 * 2. The floor: the same PGlite (the same extension) started bare in a plain Node process, first on
 *    a fresh directory (initdb), then on the server's migrated DATA_DIR, settled the same way. The
 *    app's own share is the difference.
 * 3. With DATABASE_URL, the same server on a throwaway database of that PostgreSQL server (dropped
 *    afterwards): the app without an embedded database.
 * 4. The size on disk of the production install (`npm ci --omit=dev`): the packages `npm ls --omit=dev`
 *    names in this node_modules, each file counted once.
 *
 * Figures are reported, never asserted: the exit code is 0.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type RunningProcess, startServer, until, waitForOutput } from '../server/test/processes.ts';
import { openBenchDatabase } from './support/bench-database.ts';

const root = path.resolve(import.meta.dirname, '..');
const MB = 1024 * 1024;
const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE_SECONDS ?? 20);
const fmt = (bytes: number) => `${(bytes / MB).toFixed(0).padStart(4)} MB`;

/** Resident memory of another process, from /proc. */
function rssOf(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (!kb) throw new Error(`no VmRSS for ${pid}`);
  return Number(kb) * 1024;
}

/**
 * Samples every second until SETTLE_SECONDS samples in a row lie within 2 MB (at most 120 s); the
 * last sample. The window is long on purpose: V8 gives back the start's garbage some 10-20 s after
 * the process goes quiet, and a short window would report the memory before that.
 */
async function settledRss(pid: number): Promise<{ rss: number; atReady: number; seconds: number }> {
  const started = performance.now();
  const samples: number[] = [];
  for (;;) {
    samples.push(rssOf(pid));
    const last = samples.slice(-SETTLE_SECONDS);
    const stable = last.length === SETTLE_SECONDS && Math.max(...last) - Math.min(...last) <= 2 * MB;
    if (stable || performance.now() - started > 120_000) {
      return {
        rss: samples.at(-1) as number,
        atReady: samples[0] as number,
        seconds: (performance.now() - started) / 1000,
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** One Prometheus sample by name from the server's /api/metrics text. */
function metric(text: string, name: string): number | null {
  const match = new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+-]+)$`, 'm').exec(text);
  return match ? Number(match[1]) : null;
}

interface Idle {
  rss: number;
  /** The first sample, as soon as the process said it was ready. */
  atReady: number;
  seconds: number;
  heapUsed: number | null;
  external: number | null;
}

const token = randomBytes(24).toString('hex');
const postgresUrl = process.env.DATABASE_URL;
// The embedded runs must not inherit it: startServer passes this process's environment on.
delete process.env.DATABASE_URL;

/**
 * Starts the real server on `dataDir` (and `env`'s database, embedded without one), waits for
 * ready, lets it settle, reads its memory, stops it.
 */
async function serverIdle(dataDir: string, env: Record<string, string> = {}): Promise<Idle> {
  const server = await startServer({
    NODE_ENV: 'production',
    // Production refuses these unless asked for: the bench has no SMTP, and may run embedded.
    MAIL_DRIVER: 'log',
    ALLOW_EMBEDDED_DATABASE: 'true',
    ...env,
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    METRICS_TOKEN: token,
  });
  try {
    await until(async () => {
      const response = await fetch(`${server.url}/api/ready`).catch(() => null);
      return response?.status === 200 && ((await response.json()) as { status: string }).status === 'ready';
    }, '/api/ready');
    const pid = server.child.pid as number;
    const { rss, atReady, seconds } = await settledRss(pid);
    const response = await fetch(`${server.url}/api/metrics`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const text = response.ok ? await response.text() : '';
    return {
      rss,
      atReady,
      seconds,
      heapUsed: metric(text, 'nodejs_heap_size_used_bytes'),
      external: metric(text, 'nodejs_external_memory_bytes'),
    };
  } finally {
    await stop(server);
  }
}

async function stop(running: RunningProcess): Promise<void> {
  running.child.kill('SIGTERM');
  const code = await running.exited;
  if (code !== 0 && code !== null) throw new Error(`exited with ${code}:\n${running.output()}`);
}

/** The server's database alone: PGlite as server/db/client.ts opens it, in a plain Node process. */
const barePglite = `
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
const db = await PGlite.create(process.argv[2], { extensions: { pg_trgm } });
await db.query('select 1');
process.stdout.write('open\\n');
process.on('SIGTERM', () => db.close().then(() => process.exit(0)));
setInterval(() => {}, 60_000);
`;

async function bareIdle(dataDir: string): Promise<Idle> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', barePglite, dataDir], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
  const running: RunningProcess = { child, output: () => output, exited };
  try {
    await waitForOutput(running, /^open$/m, 120_000);
    const { rss, atReady, seconds } = await settledRss(child.pid as number);
    return { rss, atReady, seconds, heapUsed: null, external: null };
  } finally {
    await stop(running);
  }
}

/**
 * Bytes on disk of the production install: every package `npm ls --omit=dev` names here, without
 * its own nested node_modules (each is named apart), each file counted once (hard links too).
 */
async function productionModulesBytes(): Promise<number | null> {
  const listing = await new Promise<string>((resolve) => {
    const child = spawn('npm', ['ls', '--omit=dev', '--all', '--parseable'], { cwd: root });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('close', () => resolve(out));
    child.on('error', () => resolve(''));
  });
  const dirs = listing
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.includes(`${path.sep}node_modules${path.sep}`));
  if (dirs.length === 0) return null;
  const seen = new Set<string>();
  let bytes = 0;
  const walk = (dir: string, top: boolean) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (top && entry.name === 'node_modules') continue;
      const full = path.join(dir, entry.name);
      const stat = lstatSync(full);
      const key = `${stat.dev}:${stat.ino}`;
      if (seen.has(key)) continue;
      seen.add(key);
      // Blocks on disk, as du counts them.
      bytes += stat.blocks * 512;
      if (entry.isDirectory()) walk(full, false);
    }
  };
  for (const dir of dirs) walk(dir, true);
  return bytes;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'fp-bench-footprint-'));
const freshDir = mkdtempSync(path.join(tmpdir(), 'fp-bench-footprint-bare-'));
try {
  const first = await serverIdle(dataDir);
  const restart = await serverIdle(dataDir);
  const bareFresh = await bareIdle(freshDir);
  const bareMigrated = await bareIdle(dataDir);
  const modules = await productionModulesBytes();
  // With DATABASE_URL: the same server on PostgreSQL (a throwaway database), the app without PGlite.
  let postgres: Idle | null = null;
  if (postgresUrl) {
    const database = await openBenchDatabase(postgresUrl);
    const postgresDir = mkdtempSync(path.join(tmpdir(), 'fp-bench-footprint-pg-'));
    try {
      postgres = await serverIdle(postgresDir, database.env);
    } finally {
      await database.drop();
      rmSync(postgresDir, { recursive: true, force: true });
    }
  }

  const heap = (idle: Idle) =>
    idle.heapUsed === null
      ? ''
      : `   V8 heap used ${fmt(idle.heapUsed)}, external ${fmt(idle.external ?? 0)}`;
  const settled = (idle: Idle) =>
    `(${fmt(idle.atReady).trim()} at ready, settled after ${idle.seconds.toFixed(0)} s)`;
  console.info('');
  console.info('Idle resident memory (VmRSS) once ready, embedded PGlite, no demo content');
  console.info(`  server, first start (initdb)       ${fmt(first.rss)} ${settled(first)}${heap(first)}`);
  console.info(`  bare PGlite, fresh directory       ${fmt(bareFresh.rss)} ${settled(bareFresh)}`);
  console.info(
    `  server, restarted on its DATA_DIR  ${fmt(restart.rss)} ${settled(restart)}${heap(restart)}`,
  );
  console.info(`  bare PGlite, the same DATA_DIR     ${fmt(bareMigrated.rss)} ${settled(bareMigrated)}`);
  console.info(
    `  the app's own share                ${fmt(first.rss - bareFresh.rss)} on a first start, ${fmt(restart.rss - bareMigrated.rss).trim()} restarted`,
  );
  if (postgres) {
    console.info(
      `  server on PostgreSQL, DATABASE_URL ${fmt(postgres.rss)} ${settled(postgres)}${heap(postgres)}`,
    );
  }
  if (modules !== null) {
    console.info(`Production install (npm ci --omit=dev)  ${fmt(modules)} of node_modules on disk`);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(freshDir, { recursive: true, force: true });
}

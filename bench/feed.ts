/**
 * npm run bench:feed: the API budgets of ARCHITECTURE section 12 on Discover, with 1M posts.
 *
 * Seeds 10,000 approved creators and 1,000,000 posts with SQL, starts the real app on 127.0.0.1,
 * and measures with a load client in another process (bench/support/load-client.ts):
 * (a) GET /api/discover?limit=20 requests/s against a bare Fastify hello-world in this process,
 *     measured the same way in the same run. Target: ratio >= 0.25.
 * (b) p99 latency of those discover requests at that load. Target: <= 50 ms.
 * (c) median latency of a page 500 cursors deep (and of a constructed cursor near the end)
 *     against page 1. Target: <= 1.5x.
 * The database is DATABASE_URL's server (in a throwaway database, dropped afterwards) or an
 * embedded PGlite in a temp dir. Figures are reported, never asserted: the exit code is 0.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import Fastify, { type FastifyInstance } from 'fastify';
import type { PostList } from '../common/schemas/posts.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { encodeCursor } from '../server/lib/cursor.ts';
import { rankScore } from '../server/lib/rank.ts';
import { openBenchDatabase } from './support/bench-database.ts';
import { explainDiscover } from './support/explain-discover.ts';
import { sampleRanks, seedFeed } from './support/feed-seed.ts';
import type { LatencyResult, LoadTask, ThroughputResult } from './support/load-client.ts';

const setting = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const CREATORS = setting('BENCH_CREATORS', 10_000);
const POSTS = setting('BENCH_POSTS', 1_000_000);
const SECONDS = setting('BENCH_SECONDS', 10);
const CONNECTIONS = setting('BENCH_CONNECTIONS', 10);
const DEEP_PAGES = setting('BENCH_DEEP_PAGES', 500);
const LIMIT = 20;

const run = promisify(execFile);
const clientScript = fileURLToPath(new URL('./support/load-client.ts', import.meta.url));
const fmt = (value: number, digits = 0) =>
  value.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

async function load<Result>(task: LoadTask): Promise<Result> {
  const { stdout } = await run(process.execPath, [clientScript, JSON.stringify(task)], {
    maxBuffer: 1024 * 1024,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as Result;
}

const throughput = (url: string) =>
  load<ThroughputResult>({
    kind: 'throughput',
    url,
    connections: CONNECTIONS,
    seconds: SECONDS,
    warmupSeconds: 2,
  });

async function listen(server: FastifyInstance): Promise<string> {
  await server.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
}

/** Follows nextCursor `pages` times from page 1; the cursor of page `pages + 1`. */
async function walk(base: string, pages: number): Promise<{ cursor: string; msPerPage: number }> {
  let cursor: string | null = null;
  const started = performance.now();
  for (let page = 1; page <= pages; page += 1) {
    const query: string = cursor ? `&cursor=${cursor}` : '';
    const list = (await (await fetch(`${base}/api/discover?limit=${LIMIT}${query}`)).json()) as PostList;
    if (list.items.length !== LIMIT || !list.nextCursor) throw new Error(`page ${page} came back short`);
    cursor = list.nextCursor;
  }
  if (!cursor) throw new Error('no cursor');
  return { cursor, msPerPage: (performance.now() - started) / pages };
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'fp-bench-feed-'));
const database = await openBenchDatabase(process.env.DATABASE_URL);
console.info(`database: ${database.label}`);
const config = loadConfig(
  {
    NODE_ENV: 'production',
    // Per-request logs would measure pino and the terminal; warnings and errors still show.
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'web'),
    RUN_JOBS: 'false',
    SEED_DEMO: 'false',
    ...database.env,
  },
  { ephemeral: false },
);
const app = await buildApp(config, { runJobs: false });
const hello = Fastify();
hello.get('/', async () => ({ hello: 'world' }));

try {
  const base = await listen(app);
  const helloUrl = await listen(hello);
  const { sql, db } = app.services.database;

  const seedStarted = performance.now();
  console.info(`seeding ${fmt(CREATORS)} creators and ${fmt(POSTS)} posts...`);
  await seedFeed(sql, {
    creators: CREATORS,
    posts: POSTS,
    batch: database.driver === 'postgres' ? 100_000 : 50_000,
    onProgress: (done, total) =>
      console.info(`  ${fmt(done)} / ${fmt(total)} posts (${seconds(seedStarted)})`),
  });
  console.info(`seeded in ${seconds(seedStarted)}`);
  for (const sample of await sampleRanks(sql)) {
    const expected = rankScore(sample.createdAt, sample.likes);
    if (Math.abs(expected - sample.rankScore) > 1e-6)
      throw new Error(`rank_score ${sample.rankScore} differs from rankScore() ${expected}`);
  }
  console.info('rank_score agrees with server/lib/rank.ts on sampled rows');

  const deep = await walk(base, DEEP_PAGES);
  console.info(`walked ${DEEP_PAGES} pages of ${LIMIT} by nextCursor: ${fmt(deep.msPerPage, 1)} ms per page`);
  const { rows } = await sql.executeSql(
    `select rank_score, id from posts order by rank_score desc, id desc offset ${Math.floor(POSTS * 0.99)} limit 1`,
  );
  const nearEnd = rows[0] as { rank_score: number; id: string };
  const endCursor = encodeCursor({ f: 'end', o: `${Number(nearEnd.rank_score)}|${nearEnd.id}` });

  const plans = await explainDiscover(db, sql, { score: Number(nearEnd.rank_score), id: nearEnd.id });
  for (const plan of plans) {
    console.info(`EXPLAIN ANALYZE, discover ${plan.label}:`);
    for (const line of plan.lines) console.info(`    ${line}`);
  }

  console.info(`measuring: ${CONNECTIONS} connections, ${SECONDS} s each (after 2 s of warm-up)...`);
  const bare = await throughput(`${helloUrl}/`);
  const discover = await throughput(`${base}/api/discover?limit=${LIMIT}`);
  const pages = await load<LatencyResult>({
    kind: 'latency',
    urls: [
      `${base}/api/discover?limit=${LIMIT}`,
      `${base}/api/discover?limit=${LIMIT}&cursor=${deep.cursor}`,
      `${base}/api/discover?limit=${LIMIT}&cursor=${endCursor}`,
    ],
    rounds: 200,
  });

  const ratio = discover.requestsPerSecond / bare.requestsPerSecond;
  const [first = 0, deepMedian = 0, endMedian = 0] = pages.medianMs;
  const deepRatio = deepMedian / first;
  const endRatio = endMedian / first;
  const usesIndex = plans.every((plan) => plan.usesRankIndex);
  console.info('');
  console.info(`Discover on ${database.label}, ${fmt(POSTS)} posts by ${fmt(CREATORS)} creators`);
  console.info(
    `  hello-world: ${fmt(bare.requestsPerSecond)} req/s (p99 ${bare.p99Ms || '< 1'} ms); ` +
      `discover: ${fmt(discover.requestsPerSecond)} req/s (p50 ${discover.p50Ms} ms, p99 ${discover.p99Ms} ms, ` +
      `max ${discover.maxMs} ms, non-2xx ${discover.non2xx}, errors ${discover.errors})`,
  );
  console.info(
    `  medians, one request at a time: page 1 ${fmt(first, 2)} ms, page ${DEEP_PAGES + 1} ${fmt(deepMedian, 2)} ms, ` +
      `near the end (post ${fmt(Math.floor(POSTS * 0.99))}) ${fmt(endMedian, 2)} ms`,
  );
  console.info(
    `  discover uses posts_rank_idx (EXPLAIN, page 1 and near the end): ${usesIndex ? 'yes' : 'NO'}`,
  );
  console.info('');
  console.info(
    `(a) discover vs hello-world throughput: ${fmt(ratio, 3)} (target >= 0.25) ${verdict(ratio >= 0.25)}`,
  );
  console.info(
    `(b) discover p99 at that load: ${discover.p99Ms} ms (target <= 50 ms) ${verdict(discover.p99Ms <= 50)}`,
  );
  console.info(
    `(c) page ${DEEP_PAGES + 1} vs page 1, median latency: ${fmt(deepRatio, 2)}x (target <= 1.5x) ${verdict(deepRatio <= 1.5)}` +
      `; near the end: ${fmt(endRatio, 2)}x ${verdict(endRatio <= 1.5)}`,
  );
} finally {
  await hello.close();
  await app.close();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

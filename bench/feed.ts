/**
 * npm run bench:feed: the feeds users page through, on 1M posts by 10,000 creators.
 *
 * Seeds the posts with SQL (bench/support/feed-seed.ts), 20,000 fans who follow creators, and a
 * signed-in fan who follows 200 creators (bench/support/feed-viewer.ts), starts the real app on 127.0.0.1 and measures with a load
 * client in another process (bench/support/load-client.ts), each endpoint after a warm-up:
 *
 * - on the database, every request reaching it (the anonymous Discover cache off): anonymous
 *   Discover, signed-in Discover, the signed-in Following feed (Home), and a creator's profile posts;
 * - anonymous Discover as served, from its short in-memory cache, reported on its own line.
 *
 * Per endpoint: (a) requests/s at BENCH_CONNECTIONS against a bare Fastify hello-world measured the
 * same way in the same run, target >= 0.25, and (reported) against a hello-world that sends one
 * `select 1` per request, the most any page read from the database can reach; (b) p99 latency at
 * that load, target <= 50 ms; (c) the median latency of a page BENCH_DEEP_PAGES pages deep against
 * page 1, one request at a time, target <= 1.1x. It prints the EXPLAIN ANALYZE scans of each feed
 * statement, page 1 and deep, prepared as the app runs it, and whether its plan is generic.
 * The database is DATABASE_URL's server (a throwaway database, dropped afterwards) or an embedded
 * PGlite in a temp dir. Figures are reported, never asserted: the exit code is 0.
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
import { decodeCursor } from '../server/lib/cursor.ts';
import { rankScore } from '../server/lib/rank.ts';
import type { RankKey } from '../server/repositories/posts.repository.ts';
import { openBenchDatabase } from './support/bench-database.ts';
import { explainFeeds, type FeedQuery } from './support/explain-feeds.ts';
import { sampleRanks, seedFeed } from './support/feed-seed.ts';
import { seedViewer } from './support/feed-viewer.ts';
import type { LatencyResult, LoadTask, ThroughputResult } from './support/load-client.ts';

const setting = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const CREATORS = setting('BENCH_CREATORS', 10_000);
const POSTS = setting('BENCH_POSTS', 1_000_000);
const FOLLOWS = setting('BENCH_FOLLOWS', 200);
const CROWD = setting('BENCH_FANS', 20_000);
const SECONDS = setting('BENCH_SECONDS', 10);
const CONNECTIONS = setting('BENCH_CONNECTIONS', 10);
const DEEP_PAGES = setting('BENCH_DEEP_PAGES', 500);
const LIMIT = 20;
const TARGET = { ratio: 0.25, p99Ms: 50, deep: 1.1 };

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

async function listen(server: FastifyInstance): Promise<string> {
  await server.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
}

/** Follows nextCursor `pages` times from page 1: the cursor of page `pages + 1`. */
async function walk(url: string, headers: Record<string, string>, pages: number) {
  let cursor: string | null = null;
  let lastId = '';
  for (let page = 1; page <= pages; page += 1) {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const response = await fetch(`${url}?limit=${LIMIT}${query}`, { headers });
    if (response.status !== 200) throw new Error(`${url} page ${page}: ${response.status}`);
    const list = (await response.json()) as PostList;
    if (list.items.length !== LIMIT || !list.nextCursor)
      throw new Error(`${url} page ${page} came back short`);
    cursor = list.nextCursor;
    lastId = list.items.at(-1)?.id ?? '';
  }
  if (!cursor) throw new Error('no cursor');
  return { cursor, lastId };
}

const rankKey = (part: string | undefined): RankKey | 'start' | undefined => {
  if (part === undefined || part === 'end') return undefined;
  if (part === 'start') return 'start';
  const [score, id] = part.split('|');
  return { score: Number(score), id: id ?? '' };
};

const dataDir = mkdtempSync(path.join(tmpdir(), 'fp-bench-feed-'));
const database = await openBenchDatabase(process.env.DATABASE_URL);
console.info(`database: ${database.label}`);
const config = loadConfig(
  {
    NODE_ENV: 'production',
    // Production refuses these unless asked for: the bench has no SMTP, and may run embedded.
    MAIL_DRIVER: 'log',
    ALLOW_EMBEDDED_DATABASE: 'true',
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
// The app with its anonymous Discover cache off, so every request reaches the database, and on
// PostgreSQL the app as it runs, cache on, beside it (an embedded PGlite has room for one app).
const app = await buildApp(config, { runJobs: false, anonymousDiscoverCache: false });
const cachedApp = database.driver === 'postgres' ? await buildApp(config, { runJobs: false }) : null;
const hello = Fastify();
hello.get('/', async () => ({ hello: 'world' }));
// The ceiling of any endpoint that reads the database: one trivial statement through the app's own
// pool per request, nothing else.
hello.get('/one-query', async () => {
  const { rows } = await app.services.database.sql.executeSql('select 1 as one');
  return rows[0];
});

interface Endpoint {
  label: string;
  base: string;
  path: string;
  signedIn: boolean;
  /** The repository statement behind it, page 1 and after `deep` (for EXPLAIN). */
  query?: (deep: { cursor: string; lastId: string } | null) => FeedQuery;
}

try {
  const dbBase = await listen(app);
  const cachedBase = cachedApp ? await listen(cachedApp) : null;
  const helloUrl = await listen(hello);
  const { sql, db } = app.services.database;

  const seedStarted = performance.now();
  const busy = DEEP_PAGES * LIMIT + 2 * LIMIT;
  console.info(`seeding ${fmt(CREATORS)} creators and ${fmt(POSTS + busy)} posts...`);
  await seedFeed(sql, {
    creators: CREATORS,
    posts: POSTS,
    busyCreatorPosts: busy,
    batch: database.driver === 'postgres' ? 100_000 : 50_000,
    onProgress: (done, total) =>
      console.info(`  ${fmt(done)} / ${fmt(total)} posts (${seconds(seedStarted)})`),
  });
  const viewer = await seedViewer(sql, { creators: CREATORS, follows: FOLLOWS, crowd: CROWD });
  console.info(
    `seeded in ${seconds(seedStarted)}; ${fmt(CROWD)} other fans follow 20 creators each; ` +
      `the measured fan follows ${fmt(FOLLOWS)}`,
  );
  for (const sample of await sampleRanks(sql)) {
    const expected = rankScore(sample.createdAt, sample.likes);
    if (Math.abs(expected - sample.rankScore) > 1e-6)
      throw new Error(`rank_score ${sample.rankScore} differs from rankScore() ${expected}`);
  }
  console.info('rank_score agrees with server/lib/rank.ts on sampled rows');
  const now = new Date();
  const pageViewer = { id: viewer.userId, now };
  const auth = { authorization: `Bearer ${viewer.token}` };

  const discoverQuery =
    (signedIn: boolean) =>
    (deep: { cursor: string } | null): FeedQuery => {
      const at = deep ? decodeCursor(deep.cursor, ['f', 'o']) : null;
      const followed = signedIn ? rankKey(at ? at.f : 'start') : undefined;
      const others = rankKey(at ? at.o : 'start');
      return (q) =>
        q.discover({
          limit: LIMIT + 1,
          ...(signedIn ? { viewer: pageViewer } : {}),
          ...(followed ? { followed } : {}),
          ...(others ? { others } : {}),
        });
    };
  const endpoints: Endpoint[] = [
    {
      label: 'anonymous Discover',
      base: dbBase,
      path: '/api/discover',
      signedIn: false,
      query: discoverQuery(false),
    },
    {
      label: 'signed-in Discover',
      base: dbBase,
      path: '/api/discover',
      signedIn: true,
      query: discoverQuery(true),
    },
    {
      label: 'Following feed (Home)',
      base: dbBase,
      path: '/api/feed',
      signedIn: true,
      query: (deep) => (q) =>
        q.following({ viewer: pageViewer, limit: LIMIT + 1, ...(deep ? { beforeId: deep.lastId } : {}) }),
    },
    {
      label: "a creator's posts",
      base: dbBase,
      path: '/api/creators/bench_1/posts',
      signedIn: true,
      // A visitor's profile page: the creator, a block, the pinned post and the page in one statement.
      query: (deep) => (q) =>
        q.profile({
          handle: 'bench_1',
          limit: LIMIT + 1,
          pinned: !deep,
          viewer: pageViewer,
          ...(deep ? { beforeId: deep.lastId } : {}),
        }),
    },
  ];
  if (cachedBase) {
    endpoints.push({
      label: 'anonymous Discover, cached',
      base: cachedBase,
      path: '/api/discover',
      signedIn: false,
    });
  } else {
    console.info('(the cached anonymous Discover is measured on PostgreSQL only: set DATABASE_URL)');
  }

  console.info(`measuring: ${CONNECTIONS} connections, ${SECONDS} s each (after 2 s of warm-up)...`);
  const bare = await load<ThroughputResult>({
    kind: 'throughput',
    url: `${helloUrl}/`,
    connections: CONNECTIONS,
    seconds: SECONDS,
    warmupSeconds: 2,
  });
  console.info(`  hello-world: ${fmt(bare.requestsPerSecond)} req/s`);
  const oneQuery = await load<ThroughputResult>({
    kind: 'throughput',
    url: `${helloUrl}/one-query`,
    connections: CONNECTIONS,
    seconds: SECONDS,
    warmupSeconds: 2,
  });
  console.info(
    `  hello-world with one 'select 1' per request: ${fmt(oneQuery.requestsPerSecond)} req/s ` +
      `(${fmt(oneQuery.requestsPerSecond / bare.requestsPerSecond, 3)} of bare, p99 ${oneQuery.p99Ms} ms)`,
  );

  const results = [];
  for (const endpoint of endpoints) {
    const headers = endpoint.signedIn ? auth : {};
    const url = `${endpoint.base}${endpoint.path}`;
    const deep = await walk(url, headers, DEEP_PAGES);
    const loadResult = await load<ThroughputResult>({
      kind: 'throughput',
      url: `${url}?limit=${LIMIT}`,
      connections: CONNECTIONS,
      seconds: SECONDS,
      warmupSeconds: 2,
      headers,
    });
    const pages = await load<LatencyResult>({
      kind: 'latency',
      urls: [`${url}?limit=${LIMIT}`, `${url}?limit=${LIMIT}&cursor=${encodeURIComponent(deep.cursor)}`],
      rounds: 200,
      headers,
    });
    const plans = endpoint.query
      ? await explainFeeds(db, [
          { label: 'page 1', query: endpoint.query(null) },
          { label: `page ${DEEP_PAGES + 1}`, query: endpoint.query(deep) },
        ])
      : [];
    const [first = 0, deepMedian = 0] = pages.medianMs;
    const result = {
      endpoint,
      load: loadResult,
      ratio: loadResult.requestsPerSecond / bare.requestsPerSecond,
      first,
      deepMedian,
      deepRatio: deepMedian / first,
      plans,
    };
    results.push(result);
    console.info(
      `  ${endpoint.label}: ${fmt(loadResult.requestsPerSecond)} req/s (p50 ${loadResult.p50Ms} ms, p99 ${loadResult.p99Ms} ms, ` +
        `non-2xx ${loadResult.non2xx}, errors ${loadResult.errors}); page 1 ${fmt(first, 2)} ms, ` +
        `page ${DEEP_PAGES + 1} ${fmt(deepMedian, 2)} ms`,
    );
  }

  console.info('');
  console.info(
    'EXPLAIN ANALYZE of each feed statement, prepared as the app runs it (the scans of its plan):',
  );
  for (const { endpoint, plans } of results) {
    for (const plan of plans) {
      console.info(
        `  ${endpoint.label}, ${plan.label}: ${plan.generic ? 'generic plan' : 'custom plan'}, ` +
          `${fmt(plan.executionMs, 2)} ms executing, ${fmt(plan.planningMs, 2)} ms planning`,
      );
      for (const scan of plan.scans) console.info(`      ${scan}`);
      if (plan.scansAllPosts) console.info('      (reads the whole posts table)');
    }
  }

  console.info('');
  console.info(
    `Feeds on ${database.label}: ${fmt(POSTS + busy)} posts by ${fmt(CREATORS)} creators, ` +
      `${CONNECTIONS} connections; bare Fastify ${fmt(bare.requestsPerSecond)} req/s; ` +
      `with one 'select 1' per request ${fmt(oneQuery.requestsPerSecond)} req/s ` +
      `(${fmt(oneQuery.requestsPerSecond / bare.requestsPerSecond, 3)} of bare: the ceiling for any page read from the database)`,
  );
  for (const result of results) {
    const { endpoint } = result;
    const cached = endpoint.query === undefined;
    console.info(
      `${cached ? '(cache) ' : '(database) '}${endpoint.label}: ` +
        `throughput ${fmt(result.ratio, 3)} of bare (${fmt(result.load.requestsPerSecond)} req/s, ` +
        `${fmt(result.load.requestsPerSecond / oneQuery.requestsPerSecond, 3)} of one 'select 1' per request) ` +
        `${cached ? '' : `${verdict(result.ratio >= TARGET.ratio)}; `}` +
        `p99 ${result.load.p99Ms} ms ${cached ? '' : `${verdict(result.load.p99Ms <= TARGET.p99Ms)}; `}` +
        `page ${DEEP_PAGES + 1} vs page 1 ${fmt(result.deepRatio, 2)}x ${cached ? '' : verdict(result.deepRatio <= TARGET.deep)}`,
    );
  }
  console.info(
    `targets on the database: throughput >= ${TARGET.ratio} of bare Fastify, p99 <= ${TARGET.p99Ms} ms, ` +
      `page ${DEEP_PAGES + 1} <= ${TARGET.deep}x page 1; the cached line is reported, not judged`,
  );
} finally {
  await hello.close();
  await cachedApp?.close();
  await app.close();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

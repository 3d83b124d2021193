/**
 * npm run bench:feed: the feeds users page through, on 1M posts by 10,000 creators, each measured
 * against its own limit: the same statements served bare.
 *
 * Seeds the posts with SQL (bench/support/feed-seed.ts), 20,000 fans who follow creators, and a
 * signed-in fan who follows 200 creators (bench/support/feed-viewer.ts), starts the real app on
 * 127.0.0.1 and measures with a load client in another process (bench/support/load-client.ts), each
 * endpoint after a warm-up:
 *
 * - on the database, every request reaching it (the anonymous Discover cache off): anonymous
 *   Discover, signed-in Discover, the signed-in Following feed (Home), and a creator's profile posts;
 * - anonymous Discover as served, from its short in-memory cache, reported on its own line.
 *
 * The bare line of an endpoint (bench/support/bare-feed-server.ts) runs the statements the app sent
 * to the database for one request of it, captured as sent (same text, prepared statement name and
 * values, the session statement included for a signed-in endpoint), on `node:http` with plain `pg`,
 * and sends the rows as JSON: no framework, no validation, no presenters. It is measured right after
 * the app, with the same load client, connections and duration, in the same run.
 *
 * Per endpoint: (a) the app's requests/s as a share of its bare line's, target >= 0.7 (stretch
 * 0.85); (b) the app's p99 latency at BENCH_CONNECTIONS, target <= 50 ms; (c) the median latency of a
 * page BENCH_DEEP_PAGES pages deep against page 1, one request at a time, target <= 1.1x. A bare
 * Fastify hello-world is measured once, as context. It prints the EXPLAIN ANALYZE scans of each feed
 * statement, page 1 and deep, prepared as the app runs it, and whether its plan is generic.
 *
 * BENCH_PROFILE=1: each endpoint whose share is under 0.7 is loaded once more under the CPU profiler
 * (the profile `node --cpu-prof` writes, of this process: the app), written as a .cpuprofile, and
 * its self time printed by layer (Fastify, zod and serialization, the pg driver, drizzle, our
 * server code by folder, node core, V8) with its top functions. BENCH_PROFILE=all: every endpoint.
 *
 * The database is DATABASE_URL's server (a throwaway database, dropped afterwards) or an embedded
 * PGlite in a temp dir. An embedded PGlite is reached only inside the process that opened it: there
 * the bare server runs the statements through the app's own database handle, in this process.
 * Figures are reported, never asserted: the exit code is 0.
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
import { sha256 } from '../server/lib/secrets.ts';
import type { RankKey } from '../server/repositories/posts/index.ts';
import { captureStatements, startBareFeedServer } from './support/bare-feed-server.ts';
import { openBenchDatabase } from './support/bench-database.ts';
import { type ProfileSummary, profileWhile } from './support/cpu-profile.ts';
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
/** '1': profile the endpoints whose share misses its target; 'all': every endpoint. */
const PROFILE = process.env.BENCH_PROFILE ?? '';
const LIMIT = 20;
/** Share: the app's requests/s over its bare line's (the same statements served bare). */
const TARGET = { share: 0.7, shareStretch: 0.85, p99Ms: 50, deep: 1.1 };

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

/** BENCH_CONNECTIONS for BENCH_SECONDS after 2 s of warm-up: the same for the app and its bare line. */
const throughput = (url: string, headers: Record<string, string> = {}) =>
  load<ThroughputResult>({
    kind: 'throughput',
    url,
    connections: CONNECTIONS,
    seconds: SECONDS,
    warmupSeconds: 2,
    headers,
  });

async function listen(server: FastifyInstance): Promise<string> {
  await server.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
}

async function getOk(url: string, headers: Record<string, string>) {
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
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
// Each endpoint's statements served bare: its own pg pool on PostgreSQL; on the embedded database,
// which only this process can reach, through the app's handle.
const bare = await startBareFeedServer(
  database.env.DATABASE_URL
    ? { databaseUrl: database.env.DATABASE_URL }
    : { embedded: app.services.database.sql },
);

interface Endpoint {
  label: string;
  base: string;
  path: string;
  signedIn: boolean;
  /** The repository statement behind it, page 1 and after `deep` (for EXPLAIN); none when cached. */
  query?: (deep: { cursor: string; lastId: string } | null) => FeedQuery;
}

interface Result {
  endpoint: Endpoint;
  load: ThroughputResult;
  /** The bare line's load (for the cached line, anonymous Discover's). */
  bare: ThroughputResult;
  statements: string[];
  share: number;
  first: number;
  deepMedian: number;
  deepRatio: number;
  plans: Awaited<ReturnType<typeof explainFeeds>>;
  profile?: ProfileSummary;
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
  const helloLoad = await throughput(`${helloUrl}/`);
  console.info(`  bare Fastify hello-world (context): ${fmt(helloLoad.requestsPerSecond)} req/s`);

  const results: Result[] = [];
  let profileDir = '';
  for (const [index, endpoint] of endpoints.entries()) {
    const headers: Record<string, string> = endpoint.signedIn ? auth : {};
    const url = `${endpoint.base}${endpoint.path}`;
    const pageUrl = `${url}?limit=${LIMIT}`;
    const deep = await walk(url, headers, DEEP_PAGES);
    const cached = endpoint.query === undefined;
    // The statements one request of page 1 sends, as the app sends them: the bare line runs them.
    const captured = cached ? [] : await captureStatements(database.driver, () => getOk(pageUrl, headers));
    if (!cached && captured.length === 0) throw new Error(`${endpoint.label}: no statement captured`);
    const barePath = `/endpoint-${index}`;
    if (!cached) {
      bare.route(barePath, { statements: captured, sessionHash: sha256(viewer.token) });
      // The bare line answers the rows themselves (a profile page is one row), not nothing or a 401.
      const response = await fetch(`${bare.url}${barePath}?limit=${LIMIT}`, { headers });
      const rows = response.status === 200 ? ((await response.json()) as unknown[]) : [];
      if (!Array.isArray(rows) || rows.length === 0)
        throw new Error(`${endpoint.label}: the bare line answered ${response.status} without rows`);
    }
    const loadResult = await throughput(pageUrl, headers);
    const bareLoad = cached
      ? results[0]?.bare
      : await throughput(`${bare.url}${barePath}?limit=${LIMIT}`, headers);
    if (!bareLoad) throw new Error('the cached line needs anonymous Discover measured first');
    const share = loadResult.requestsPerSecond / bareLoad.requestsPerSecond;
    // Under the profiler once more, after both lines: the profiler slows the process it samples. The
    // requests the load client leaves in flight finish during the latency run, as after any load.
    let profile: ProfileSummary | undefined;
    if (!cached && (PROFILE === 'all' || (PROFILE === '1' && share < TARGET.share))) {
      profileDir ||= mkdtempSync(path.join(tmpdir(), 'fp-bench-feed-profiles-'));
      const slug = endpoint.label
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '');
      console.info(`  profiling ${endpoint.label} (share ${fmt(share, 3)}, ${SECONDS} s)...`);
      profile = await profileWhile(path.join(profileDir, `${slug}.cpuprofile`), () =>
        throughput(pageUrl, headers),
      );
    }
    const pages = await load<LatencyResult>({
      kind: 'latency',
      urls: [pageUrl, `${pageUrl}&cursor=${encodeURIComponent(deep.cursor)}`],
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
    const result: Result = {
      endpoint,
      load: loadResult,
      bare: bareLoad,
      // node-postgres runs the app's statements by name; PGlite runs them unnamed: their first words.
      statements: captured.map(
        (statement) => statement.name ?? `"${statement.text.replace(/\s+/g, ' ').slice(0, 32)}..."`,
      ),
      share,
      first,
      deepMedian,
      deepRatio: deepMedian / first,
      plans,
      ...(profile ? { profile } : {}),
    };
    results.push(result);
    console.info(
      `  ${endpoint.label}: ${fmt(loadResult.requestsPerSecond)} req/s (p50 ${loadResult.p50Ms} ms, p99 ${loadResult.p99Ms} ms, ` +
        `non-2xx ${loadResult.non2xx}, errors ${loadResult.errors}); page 1 ${fmt(first, 2)} ms, ` +
        `page ${DEEP_PAGES + 1} ${fmt(deepMedian, 2)} ms`,
    );
    console.info(
      cached
        ? "    bare: anonymous Discover's line (the statements the cache saves)"
        : `    bare (${result.statements.join(', ')}): ${fmt(bareLoad.requestsPerSecond)} req/s ` +
            `(p50 ${bareLoad.p50Ms} ms, p99 ${bareLoad.p99Ms} ms, non-2xx ${bareLoad.non2xx}, errors ${bareLoad.errors}); ` +
            `share ${fmt(result.share, 3)}`,
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

  for (const { endpoint, profile, share } of results) {
    if (!profile) continue;
    console.info('');
    console.info(
      `Where ${endpoint.label}'s time goes (share ${fmt(share, 3)}): busy ${fmt(profile.busyMs)} ms of the ` +
        `${fmt(profile.totalMs)} ms profiled (warm-up included), by layer; ${profile.file}`,
    );
    for (const { layer, ms } of profile.layers.slice(0, 8))
      console.info(`  ${fmt((100 * ms) / profile.busyMs, 1).padStart(5)}%  ${layer}`);
    console.info(
      `  the app's own layers (fastify, zod, drizzle, pino, our code) ${fmt((100 * profile.ownMs) / profile.busyMs, 1)}%; ` +
        'the rest (driver, sockets, node core, GC, V8) a bare server pays too, for the rows it sends',
    );
    console.info('  top functions by self time:');
    for (const fn of profile.functions)
      console.info(
        `  ${fmt((100 * fn.ms) / profile.busyMs, 1).padStart(5)}%  ${fn.name} ${fn.where} (${fn.layer})`,
      );
  }

  console.info('');
  console.info(
    `Feeds on ${database.label}: ${fmt(POSTS + busy)} posts by ${fmt(CREATORS)} creators, ` +
      `${CONNECTIONS} connections, ${SECONDS} s per line; bare Fastify hello-world ${fmt(helloLoad.requestsPerSecond)} req/s`,
  );
  const columns = [34, 10, 10, 32, 14, 18];
  const row = (cells: string[]) =>
    console.info(
      cells
        .map((cell, i) => (i === 0 ? cell.padEnd(columns[i] ?? 0) : cell.padStart(columns[i] ?? 0)))
        .join('  '),
    );
  row([
    'endpoint',
    'app req/s',
    'bare req/s',
    `share (>= ${TARGET.share}, stretch ${TARGET.shareStretch})`,
    `p99 (<= ${TARGET.p99Ms} ms)`,
    `page ${DEEP_PAGES + 1} (<= ${TARGET.deep}x)`,
  ]);
  for (const result of results) {
    const cached = result.endpoint.query === undefined;
    const judged = (text: string, ok: boolean) => (cached ? text : `${text} ${verdict(ok)}`);
    row([
      `${cached ? '(cache)' : '(database)'} ${result.endpoint.label}`,
      fmt(result.load.requestsPerSecond),
      fmt(result.bare.requestsPerSecond),
      cached
        ? fmt(result.share, 2)
        : `${fmt(result.share, 2)} ${verdict(result.share >= TARGET.share)}, stretch ${verdict(result.share >= TARGET.shareStretch)}`,
      judged(`${result.load.p99Ms} ms`, result.load.p99Ms <= TARGET.p99Ms),
      judged(`${fmt(result.deepRatio, 2)}x`, result.deepRatio <= TARGET.deep),
    ]);
  }
  console.info(
    `share: the app's req/s over its bare line's (the same statements with the same values on node:http ` +
      `and plain ${database.driver === 'postgres' ? 'pg' : 'PGlite, in this process'}, rows sent as JSON); ` +
      'the cached line is reported, not judged',
  );
  const low = results.filter((result) => result.endpoint.query && result.share < TARGET.share);
  if (low.length > 0 && !PROFILE)
    console.info(
      `BENCH_PROFILE=1 profiles the endpoints under ${TARGET.share} and says which layer takes the time`,
    );
} finally {
  await bare.close();
  await hello.close();
  await cachedApp?.close();
  await app.close();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

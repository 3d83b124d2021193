/**
 * npm run bench:web: what a phone user waits for on the first page (issue 20, Web).
 *
 * Builds nothing: it starts the built app (`node server/main.ts`, after `npm run build`) with a
 * throwaway DATA_DIR and the demo data (SEED_DEMO=true), waits until the seed has finished and
 * Discover shows every demo post, then runs Lighthouse (performance only, its default mobile
 * emulation with simulated throttling: slow 4G, 4x CPU) on Home, Discover and a demo creator's
 * public profile, BENCH_RUNS times each (pages interleaved), in the machine's Chromium.
 * Each page is measured twice: signed out, and signed in (a fan who follows that creator, with the
 * session in the browser's storage and the page cookie as the web app keeps them, so the server
 * renders the viewer's own page). Every run starts with an empty HTTP cache and no service worker.
 * Prints per page the median performance score, LCP, TBT, the JavaScript the page downloaded
 * (bytes on the wire, and the same files gzipped) and whether each target is met:
 * score >= 95, LCP <= 2.0 s, TBT <= 150 ms, JavaScript <= 100 KB gzipped. After each Lighthouse
 * run the page is loaded once more under Chromium's own 4x CPU throttling, and the bench prints
 * how long its main thread blocked (measureMainThread): a steadier view of the same work.
 * BENCH_PAGES=home,discover,profile picks some of the three pages; BENCH_LIGHTHOUSE=0 skips
 * Lighthouse and measures only the main thread under 4x (RUNS loads a page), to compare two builds.
 * The server runs at a lower CPU priority than Chromium (nice BENCH_SERVER_NICE, 10 by default; 0
 * for the same): a phone does not share its CPU with the server, but here both share two cores, and
 * the server's work during a load (the signed-in render, each picture's mark on a viewer's first
 * view of it) would count as the page's main-thread time, multiplied by Lighthouse's 4x. The server
 * still takes as long as its work needs whenever the browser leaves the CPU free.
 * Figures are reported, never asserted: the exit code is 0 unless the bench itself fails.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import type { PostList } from '../common/schemas/posts.ts';
import { sessionCookie } from '../common/storage-keys.ts';
import { demoCreators } from '../server/services/demo/catalog.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/**
 * BENCH_DETAILS=1: also the scripts that kept the main thread busiest, the longest tasks and the
 * largest paint's element, per run, and each run's whole Lighthouse report (JSON) in
 * BENCH_REPORTS_DIR (a temp dir by default). BENCH_ARTIFACTS=<dir> keeps what Lighthouse gathered
 * for each run (its trace of the page's main thread among it) in a folder of its own there.
 */
const DETAILS = process.env.BENCH_DETAILS === '1';
const reportsDir = process.env.BENCH_REPORTS_DIR ?? path.join(tmpdir(), 'fp-bench-web-reports');
if (DETAILS) mkdirSync(reportsDir, { recursive: true });
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SEED_TIMEOUT_MS = Number(process.env.BENCH_SEED_TIMEOUT_MS ?? 300_000);
const SERVER_NICE = Number(process.env.BENCH_SERVER_NICE ?? 10);

const TARGET = { score: 95, lcpMs: 2000, tbtMs: 150, jsGzipBytes: 100 * 1024 };

const root = fileURLToPath(new URL('..', import.meta.url));
const profileHandle = demoCreators[0]?.handle ?? 'amara.paints';
const chosenPages = process.env.BENCH_PAGES?.split(',').map((name) => name.trim().toLowerCase());
const pagePaths = [
  { id: 'home', name: 'Home', path: '/' },
  { id: 'discover', name: 'Discover', path: '/discover' },
  { id: 'profile', name: `Profile @${profileHandle}`, path: `/public-profile/${profileHandle}` },
].filter((page) => !chosenPages || chosenPages.includes(page.id));
const LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE !== '0';
/** BENCH_SIGNED_IN=0 measures signed-out pages only, BENCH_SIGNED_IN=only signed-in ones only. */
const SIGNED_IN = process.env.BENCH_SIGNED_IN !== '0';
const SIGNED_OUT = process.env.BENCH_SIGNED_IN !== 'only';
const pages = [
  ...(SIGNED_OUT ? pagePaths.map((page) => ({ ...page, key: page.path, signedIn: false })) : []),
  ...(SIGNED_IN
    ? pagePaths.map((page) => ({
        ...page,
        name: `${page.name}, signed in`,
        key: `in:${page.path}`,
        signedIn: true,
      }))
    : []),
];
const demoPosts = demoCreators.reduce((sum, creator) => sum + creator.posts.length, 0);

interface Sample {
  /** Lighthouse's figures; NaN with BENCH_LIGHTHOUSE=0. */
  score: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  jsTransferBytes: number;
  jsGzipBytes: number;
  mainThread?: MainThread;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

/** Starts a process and resolves with the first match of `pattern` in its output. */
function startAndWatch(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; pattern: RegExp; what: string; timeoutMs: number },
): Promise<{ child: ChildProcess; match: RegExpMatchArray; output: () => string }> {
  let output = '';
  const child = spawn(command, args, { cwd: root, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${options.what} did not start:\n${output.slice(-4000)}`));
    }, options.timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(options.pattern);
      if (!match) return;
      clearTimeout(timer);
      resolve({ child, match, output: () => output });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${options.what} exited with ${code}:\n${output.slice(-4000)}`));
    });
  });
}

async function stop(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Resolves once the seed logged its end and anonymous Discover lists every demo post. */
async function waitForDemo(base: string, output: () => string) {
  const deadline = Date.now() + SEED_TIMEOUT_MS;
  let listed = 0;
  while (Date.now() < deadline) {
    if (/demo data (could not be seeded|seeding stopped)/.test(output()))
      throw new Error(`the demo seed failed:\n${output().slice(-4000)}`);
    const seeded = output().includes('"msg":"demo data seeded"');
    const response = await fetch(`${base}/api/discover?limit=${demoPosts + 10}`);
    if (response.ok) listed = ((await response.json()) as PostList).items.length;
    if (seeded && listed >= demoPosts) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`demo data not ready after ${SEED_TIMEOUT_MS} ms (${listed} of ${demoPosts} posts)`);
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

const gzipCache = new Map<string, number>();
/** The gzipped size of a script the page loaded, fetched again from the server (uncompressed). */
async function gzippedSize(url: string): Promise<number> {
  const cached = gzipCache.get(url);
  if (cached !== undefined) return cached;
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  const size = gzipSync(Buffer.from(await response.arrayBuffer())).length;
  gzipCache.set(url, size);
  return size;
}

interface Viewer {
  token: string;
  user: unknown;
}

/** A verified fan made through the API (the code comes from the server's log), following the profile's creator. */
async function createViewer(base: string, output: () => string): Promise<Viewer> {
  const email = `bench-${Date.now()}@example.com`;
  const post = async (route: string, body: object, token?: string) => {
    const response = await fetch(`${base}/api${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${route} ${response.status}: ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
  await post('/auth/signup', {
    email,
    password: 'tangerine-lantern-5521',
    firstName: 'Bench',
    lastName: 'Viewer',
    acceptTerms: true,
  });
  const deadline = Date.now() + 30_000;
  let code: string | undefined;
  while (!code && Date.now() < deadline) {
    const line = output()
      .split('\n')
      .find((text) => text.includes(email) && text.includes('verification code'));
    code = line?.match(/(\d{6}) is your Fanplace verification code/)?.[1];
    if (!code) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (!code) throw new Error(`no verification code for ${email} in the server's log`);
  const verified = await post('/auth/verify-email', { email, code });
  const viewer = { token: String(verified.token), user: verified.user };
  await post(`/creators/${profileHandle}/follow`, {}, viewer.token);
  return viewer;
}

interface Devtools {
  send: <T>(method: string, params?: object, sessionId?: string) => Promise<T>;
  /** A new blank tab, attached, with its Page events on. */
  openTab: () => Promise<{ targetId: string; sessionId: string }>;
  /** Resolves at the next event of that name from that page. */
  next: (method: string, sessionId: string) => Promise<unknown>;
  close: () => void;
}

/** A DevTools connection to the bench's Chromium. */
async function openDevtools(port: number): Promise<Devtools> {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  let nextId = 0;
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const listeners: { method: string; sessionId: string; resolve: (params: unknown) => void }[] = [];
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as {
      id?: number;
      method?: string;
      sessionId?: string;
      params?: unknown;
      result?: unknown;
      error?: { message: string };
    };
    if (message.method) {
      const index = listeners.findIndex(
        (listener) => listener.method === message.method && listener.sessionId === message.sessionId,
      );
      if (index >= 0) listeners.splice(index, 1)[0]?.resolve(message.params);
      return;
    }
    const call = message.id === undefined ? undefined : waiting.get(message.id);
    if (!call) return;
    waiting.delete(message.id as number);
    if (message.error) call.reject(new Error(message.error.message));
    else call.resolve(message.result);
  });
  const send = <T>(method: string, params: object = {}, sessionId?: string) =>
    new Promise<T>((resolve, reject) => {
      nextId += 1;
      waiting.set(nextId, { resolve: resolve as (value: unknown) => void, reject });
      socket.send(JSON.stringify({ id: nextId, method, params, ...(sessionId ? { sessionId } : {}) }));
    });
  return {
    send,
    openTab: async () => {
      const { targetId } = await send<{ targetId: string }>('Target.createTarget', { url: 'about:blank' });
      const { sessionId } = await send<{ sessionId: string }>('Target.attachToTarget', {
        targetId,
        flatten: true,
      });
      await send('Page.enable', {}, sessionId);
      return { targetId, sessionId };
    },
    next: (method, sessionId) => new Promise((resolve) => listeners.push({ method, sessionId, resolve })),
    close: () => socket.close(),
  };
}

/**
 * Puts the session in the browser's storage for the page's origin as the web app keeps it, or
 * takes it out (`viewer` null), and empties the HTTP cache. Lighthouse's own storage reset leaves
 * local storage alone, so a signed-out run after a signed-in one would still be signed in.
 */
async function prepareBrowser(port: number, base: string, viewer: Viewer | null): Promise<void> {
  const devtools = await openDevtools(port);
  const { send } = devtools;
  try {
    const { targetId, sessionId } = await devtools.openTab();
    // A file of the origin that is not a page: the app does not start there.
    await send('Page.navigate', { url: `${base}/favicon.svg` }, sessionId);
    // Signed in as the app keeps it after a sign-in: the token and user in storage, and the page
    // cookie beside them (web/lib/session.ts), with which the server renders the viewer's own page.
    const expression = viewer
      ? `localStorage.setItem('token', ${JSON.stringify(viewer.token)});
      localStorage.setItem('user', ${JSON.stringify(JSON.stringify(viewer.user))});
      document.cookie = ${JSON.stringify(`${sessionCookie}=${encodeURIComponent(viewer.token)}; Path=/; SameSite=Lax`)};
      localStorage.getItem('token') !== null && document.cookie.includes(${JSON.stringify(`${sessionCookie}=`)})`
      : `localStorage.clear();
      document.cookie = ${JSON.stringify(`${sessionCookie}=; Path=/; Max-Age=0`)};
      localStorage.length === 0 && !document.cookie.includes(${JSON.stringify(`${sessionCookie}=`)})`;
    for (let attempt = 0; ; attempt += 1) {
      const { result } = await send<{ result: { value?: unknown } }>(
        'Runtime.evaluate',
        { expression, returnByValue: true },
        sessionId,
      ).catch(() => ({ result: {} as { value?: unknown } }));
      const href = await send<{ result: { value?: unknown } }>(
        'Runtime.evaluate',
        { expression: 'location.origin', returnByValue: true },
        sessionId,
      ).catch(() => ({ result: {} as { value?: unknown } }));
      if (result.value === true && href.result.value === new URL(base).origin) break;
      if (attempt > 50) throw new Error("could not set the session in the browser's storage");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await send('Network.enable', {}, sessionId);
    await send('Network.clearBrowserCache', {}, sessionId);
    // The service worker's caches are an HTTP cache too: a signed-in run starts as empty as a
    // signed-out one (whose storage Lighthouse resets), so both measure the same first load.
    await send(
      'Storage.clearDataForOrigin',
      { origin: base, storageTypes: 'service_workers,cache_storage' },
      sessionId,
    );
    await send('Target.closeTarget', { targetId });
  } finally {
    devtools.close();
  }
}

/** How long the main thread stayed busy as the page came alive, timed by the browser itself. */
interface MainThread {
  /** Each task's time over 50 ms, summed: what a tap waits for, as TBT counts it. */
  blockingMs: number;
  longestMs: number;
}

const MAIN_THREAD_WATCH_MS = Number(process.env.BENCH_MAIN_THREAD_WATCH_MS ?? 8000);

/**
 * The page loaded once more, apart from Lighthouse, with Chromium's own 4x CPU throttling and a
 * phone's screen: every task of 50 ms or more the page's main thread ran within
 * MAIN_THREAD_WATCH_MS of the navigation (PerformanceObserver `longtask`). Lighthouse's TBT
 * instead simulates a phone from an unthrottled trace, and a trace taken while Lighthouse itself
 * works on this machine's two cores; this figure moves much less from run to run.
 */
async function measureMainThread(url: string, port: number, viewer: Viewer | null): Promise<MainThread> {
  await prepareBrowser(port, new URL(url).origin, viewer);
  const devtools = await openDevtools(port);
  const { send } = devtools;
  try {
    const { targetId, sessionId } = await devtools.openTab();
    await send(
      'Emulation.setDeviceMetricsOverride',
      { width: 412, height: 823, deviceScaleFactor: 1.75, mobile: true },
      sessionId,
    );
    await send('Emulation.setCPUThrottlingRate', { rate: 4 }, sessionId);
    await send(
      'Page.addScriptToEvaluateOnNewDocument',
      {
        source: `window.__benchLongTasks = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) window.__benchLongTasks.push(entry.duration);
        }).observe({ type: 'longtask', buffered: true });`,
      },
      sessionId,
    );
    const loaded = devtools.next('Page.loadEventFired', sessionId);
    await send('Page.navigate', { url }, sessionId);
    await loaded;
    await new Promise((resolve) => setTimeout(resolve, MAIN_THREAD_WATCH_MS));
    const { result } = await send<{ result: { value?: number[] } }>(
      'Runtime.evaluate',
      { expression: 'window.__benchLongTasks', returnByValue: true },
      sessionId,
    );
    const tasks = result.value ?? [];
    await send('Target.closeTarget', { targetId });
    return {
      blockingMs: tasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0),
      longestMs: Math.max(0, ...tasks),
    };
  } finally {
    devtools.close();
  }
}

/** BENCH_ARTIFACTS: Lighthouse saves what it gathered in a folder per run, and audits from there. */
function artifactsFolder(url: string, signedIn: boolean): { gatherMode?: string; auditMode?: string } {
  const root = process.env.BENCH_ARTIFACTS;
  if (!root) return {};
  const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${signedIn ? 'in' : 'out'}-${Date.now()}`;
  return { gatherMode: path.join(root, name), auditMode: path.join(root, name) };
}

async function measure(url: string, port: number, signedIn = false): Promise<Sample> {
  const result = await lighthouse(url, {
    port,
    hostname: '127.0.0.1',
    logLevel: 'error',
    output: 'json',
    onlyCategories: ['performance'],
    // Signed in: the session put in storage just before (prepareBrowser) stays there.
    disableStorageReset: signedIn,
    ...artifactsFolder(url, signedIn),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items;
  const scripts = (requests ?? []).filter((item) => item.resourceType === 'Script');
  let jsGzipBytes = 0;
  for (const script of scripts) jsGzipBytes += await gzippedSize(script.url);
  if (DETAILS) {
    printDetails(lhr.audits);
    const report = path.join(reportsDir, `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`);
    writeFileSync(report, JSON.stringify(lhr));
    console.info(`      report: ${report}`);
  }
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    fcpMs: audit('first-contentful-paint'),
    jsTransferBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    jsGzipBytes,
  };
}

type Audits = Record<string, { details?: unknown } | undefined>;
const itemsOf = <T>(audits: Audits, id: string) => (audits[id]?.details as { items?: T[] })?.items ?? [];
const shortUrl = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

/** The main thread's busiest scripts (bootup-time) and longest tasks (long-tasks), as Lighthouse saw them. */
function printDetails(audits: Audits) {
  const scripts = itemsOf<{ url: string; total: number; scripting: number; scriptParseCompile: number }>(
    audits,
    'bootup-time',
  );
  for (const item of scripts.slice(0, 6)) {
    console.info(
      `      script ${shortUrl(item.url)}: ${Math.round(item.total)} ms (run ${Math.round(item.scripting)}, ` +
        `parse ${Math.round(item.scriptParseCompile)})`,
    );
  }
  const tasks = itemsOf<{ url: string; startTime: number; duration: number }>(audits, 'long-tasks');
  for (const task of tasks.slice(0, 6)) {
    console.info(
      `      task at ${Math.round(task.startTime)} ms: ${Math.round(task.duration)} ms ${shortUrl(task.url)}`,
    );
  }
}

/** Lighthouse sometimes loses a trace on a busy machine (NO_NAVSTART...): that run is made again. */
async function measureWithRetries(url: string, port: number, viewer: Viewer | null): Promise<Sample> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await prepareBrowser(port, new URL(url).origin, viewer);
      return await measure(url, port, viewer !== null);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.info(`  (${error instanceof Error ? error.message : String(error)}; running it again)`);
    }
  }
}

/** The main thread's medians under 4x throttling, over a page's samples. */
function mainThreadMedians(list: Sample[]): string {
  const blocking = median(list.map((sample) => sample.mainThread?.blockingMs ?? Number.NaN));
  const longest = median(list.map((sample) => sample.mainThread?.longestMs ?? Number.NaN));
  return `main thread at 4x CPU, Chromium's own throttling, medians of ${list.length}: ${Math.round(blocking)} ms blocking, longest task ${Math.round(longest)} ms`;
}

/** Per page, Lighthouse's medians against their targets, then the main thread's. */
function printLighthouseSummary(samples: Map<string, Sample[]>): void {
  console.info(
    `Lighthouse ${RUNS}x per page, medians (mobile emulation, simulated slow 4G and 4x CPU; ${CHROMIUM})`,
  );
  let allMet = true;
  for (const page of pages) {
    const list = samples.get(page.key) ?? [];
    const score = median(list.map((sample) => sample.score));
    const lcpMs = median(list.map((sample) => sample.lcpMs));
    const tbtMs = median(list.map((sample) => sample.tbtMs));
    const fcpMs = median(list.map((sample) => sample.fcpMs));
    const jsGzip = median(list.map((sample) => sample.jsGzipBytes));
    const jsWire = median(list.map((sample) => sample.jsTransferBytes));
    const met = {
      score: score >= TARGET.score,
      lcp: lcpMs <= TARGET.lcpMs,
      tbt: tbtMs <= TARGET.tbtMs,
      js: jsGzip <= TARGET.jsGzipBytes,
    };
    allMet &&= met.score && met.lcp && met.tbt && met.js;
    console.info(`${page.name} (${page.path})`);
    console.info(`  score ${score} (target >= ${TARGET.score}) ${verdict(met.score)}`);
    console.info(`  LCP ${(lcpMs / 1000).toFixed(2)} s (target <= 2.0 s) ${verdict(met.lcp)}`);
    console.info(`  TBT ${Math.round(tbtMs)} ms (target <= ${TARGET.tbtMs} ms) ${verdict(met.tbt)}`);
    console.info(
      `  FCP ${(fcpMs / 1000).toFixed(2)} s (no target: when the page or its skeleton first shows)`,
    );
    console.info(
      `  JavaScript ${kb(jsGzip)} gzipped, ${kb(jsWire)} on the wire (target <= 100 KB gzipped) ${verdict(met.js)}`,
    );
    console.info(`  ${mainThreadMedians(list)} (no target: Lighthouse's TBT above is the one with a target)`);
  }
  console.info('');
  console.info(allMet ? 'every target met' : 'some targets missed');
}

if (!existsSync(path.join(root, 'dist/web/index.html'))) {
  console.error('dist/web is missing: run `npm run build` first (bench:web measures the built app).');
  process.exit(1);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'fp-bench-web-'));
const profileDir = mkdtempSync(path.join(tmpdir(), 'fp-bench-web-chromium-'));
let server: ChildProcess | undefined;
let chromium: ChildProcess | undefined;
try {
  const started = performance.now();
  // The embedded setup a newcomer gets: no PostgreSQL, Redis, S3 or analytics from the shell.
  const env = { ...process.env };
  for (const name of [
    'DATABASE_URL',
    'REDIS_URL',
    'S3_BUCKET',
    'GA_MEASUREMENT_ID',
    'PUBLIC_URL',
    'APP_SECRET',
  ])
    delete env[name];
  const app = await startAndWatch(process.execPath, ['server/main.ts'], {
    env: {
      ...env,
      NODE_ENV: 'production',
      // Production refuses these unless asked for: the bench has no SMTP, and may run embedded.
      MAIL_DRIVER: 'log',
      ALLOW_EMBEDDED_DATABASE: 'true',
      // Info, so the seed's "demo data seeded" line shows; the bench reads it to know when to start.
      LOG_LEVEL: 'info',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
    },
    pattern: /running at (http:\/\/\S+)/,
    what: 'the server',
    // It says so once the demo content is made, which a busy machine takes its time over.
    timeoutMs: SEED_TIMEOUT_MS,
  });
  server = app.child;
  if (SERVER_NICE !== 0 && app.child.pid !== undefined) setPriority(app.child.pid, SERVER_NICE);
  // PUBLIC_URL's own origin, so pictures come from the page's origin as they would in production.
  const base = app.match[1] ?? '';
  console.info(`server at ${base}; waiting for the demo data (${demoPosts} posts)...`);
  await waitForDemo(base, app.output);
  console.info(`demo data ready in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  const viewer = SIGNED_IN ? await createViewer(base, app.output) : null;

  const browser = await startAndWatch(
    CHROMIUM,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--remote-debugging-port=0',
      `--user-data-dir=${profileDir}`,
      '--no-first-run',
      '--no-default-browser-check',
      'about:blank',
    ],
    { pattern: /DevTools listening on ws:\/\/[^:]+:(\d+)\//, what: 'Chromium', timeoutMs: 30_000 },
  );
  chromium = browser.child;
  const port = Number(browser.match[1]);

  const samples = new Map<string, Sample[]>(pages.map((page) => [page.key, []]));
  for (let run = 1; run <= RUNS; run += 1) {
    for (const page of pages) {
      const pageViewer = page.signedIn ? viewer : null;
      const sample: Sample = LIGHTHOUSE
        ? await measureWithRetries(`${base}${page.path}`, port, pageViewer)
        : {
            score: Number.NaN,
            lcpMs: Number.NaN,
            tbtMs: Number.NaN,
            fcpMs: Number.NaN,
            jsTransferBytes: Number.NaN,
            jsGzipBytes: Number.NaN,
          };
      sample.mainThread = await measureMainThread(`${base}${page.path}`, port, pageViewer);
      samples.get(page.key)?.push(sample);
      if (!LIGHTHOUSE) {
        console.info(
          `  run ${run} ${page.name}: 4x CPU: blocking ${Math.round(sample.mainThread.blockingMs)} ms, ` +
            `longest task ${Math.round(sample.mainThread.longestMs)} ms`,
        );
        continue;
      }
      console.info(
        `  run ${run} ${page.name}: score ${sample.score}, LCP ${Math.round(sample.lcpMs)} ms, ` +
          `TBT ${Math.round(sample.tbtMs)} ms, FCP ${Math.round(sample.fcpMs)} ms, JS ${kb(sample.jsGzipBytes)} gzipped; ` +
          `4x CPU: blocking ${Math.round(sample.mainThread.blockingMs)} ms, longest task ${Math.round(sample.mainThread.longestMs)} ms`,
      );
    }
  }

  console.info('');
  if (LIGHTHOUSE) printLighthouseSummary(samples);
  else {
    for (const page of pages) {
      console.info(
        `${page.name}: ${mainThreadMedians(samples.get(page.key) ?? [])} (Lighthouse skipped: BENCH_LIGHTHOUSE=0)`,
      );
    }
  }
} finally {
  await stop(chromium);
  await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(profileDir, { recursive: true, force: true });
}

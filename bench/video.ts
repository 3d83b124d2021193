/**
 * The video half of `npm run bench:media` (imported by bench/media.ts):
 *
 * 1. Transcoding throughput: the `process-media` job's own processor (probe, poster frame and its
 *    renditions, the HLS ladder in one ffmpeg run through the app's ffmpeg adapter and its
 *    FFMPEG_CONCURRENCY cap, every file put into storage, the row updated, the original deleted)
 *    against bare ffmpeg running the same two commands (poster frame, ladder) on the same file,
 *    interleaved, BENCH_VIDEO_ROUNDS each. Target: ratio >= 0.9.
 * 2. Play to first frame: the built web app (`npm run build` first) served by the app as `npm
 *    start` builds it; a public video post by a creator (seeded through the app's own routes);
 *    Chromium with its network throttled through CDP (Network.emulateNetworkConditions: 1.6 Mbit/s
 *    down, 750 kbit/s up, 150 ms round trip: Lighthouse's slow 4G) opens the creator's Posts tab
 *    in a fresh context, the fan presses Play on the card, and the time from the press to the
 *    first presented frame (requestVideoFrameCallback) is measured in the page. Median of
 *    BENCH_PLAY_RUNS. Target: <= 1.5 s.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { chromium, type Page } from 'playwright-core';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { media } from '../server/db/schema/index.ts';
import { systemClock } from '../server/lib/clock.ts';
import { createMediaRuntime } from '../server/modules/media-runtime.ts';
import { createSessionsRepository } from '../server/repositories/auth/sessions.repository.ts';
import { createUsersRepository } from '../server/repositories/auth/users.repository.ts';
import { createCreatorsRepository } from '../server/repositories/creators/creators.repository.ts';
import { createBlockListRepository } from '../server/repositories/media/block-list.repository.ts';
import { createMediaRepository } from '../server/repositories/media/media.repository.ts';
import { demoCreators } from '../server/services/demo/catalog.ts';
import { createDemoSeeder } from '../server/services/demo/seed-demo.ts';
import { createBlockListService } from '../server/services/media/block-list.service.ts';
import { createMediaProcessor } from '../server/services/media/processing.service.ts';
import { hlsArguments, posterArguments, videoLadder } from '../server/services/media/video-processing.ts';

const run = promisify(execFile);

const SECONDS = Number(process.env.BENCH_VIDEO_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_VIDEO_ROUNDS ?? 2);
const PLAY_RUNS = Number(process.env.BENCH_PLAY_RUNS ?? 5);
/** Lighthouse's slow 4G: 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip. */
const THROTTLE = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1_000_000) / 8,
  uploadThroughput: (750 * 1_000) / 8,
};

/**
 * Evaluates `expression` in the page until it is truthy and answers it. Asked from here: the
 * page's own polling (waitForFunction) evaluates text in a way the app's CSP refuses. The figures
 * measured are the page's own timestamps, so how often this asks does not change them.
 */
async function pollPage<T = unknown>(page: Page, expression: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await page.evaluate<T>(expression);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`not true after ${timeoutMs} ms: ${expression}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A 1080p phone-like upload: moving test pattern with grain (so x264 works as on real footage), and sound. */
async function makeSource(dir: string): Promise<string> {
  const file = path.join(dir, 'source.mp4');
  await run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=1920x1080:rate=30:duration=${SECONDS}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=330:duration=${SECONDS}`,
    '-vf',
    'noise=alls=10:allf=t',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-crf',
    '20',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    '-y',
    file,
  ]);
  return file;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? 0;

export interface VideoBenchResult {
  ratio: number;
  oursVideoSecondsPerSecond: number;
  bareVideoSecondsPerSecond: number;
  playToFrameSeconds: number;
  playRuns: number[];
  startRungs: string[];
  downlinkMbps: number | null;
}

export async function videoBench(): Promise<VideoBenchResult> {
  const webDist = path.resolve('dist/web');
  if (!existsSync(path.join(webDist, 'index.html')))
    throw new Error('bench:media needs `npm run build` first');
  const dir = mkdtempSync(path.join(tmpdir(), 'fp-bench-video-'));
  try {
    const source = await makeSource(dir);
    // Links carry PUBLIC_URL: the port is chosen before the app is built.
    const port = await freePort();
    const config = loadConfig(
      {
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        NODE_ENV: 'production',
        // Production refuses these unless asked for: the bench has no SMTP, and may run embedded.
        MAIL_DRIVER: 'log',
        ALLOW_EMBEDDED_DATABASE: 'true',
        LOG_LEVEL: 'silent',
        DATA_DIR: path.join(dir, 'data'),
        WEB_DIST_DIR: webDist,
        SEED_DEMO: 'false',
      },
      { ephemeral: true },
    );
    const app = await buildApp(config, { runJobs: false });
    try {
      await app.listen({ port, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${port}`;
      const { db } = app.services.database;
      const mediaRows = createMediaRepository(db);
      const runtime = await createMediaRuntime(config);
      const processor = createMediaProcessor({
        media: mediaRows,
        storage: runtime.storage,
        ffmpeg: runtime.ffmpeg,
        clock: systemClock,
        scratchRoot: runtime.scratchRoot,
        log: { error: (details, message) => console.error(message, details) },
        // The real check, so the figures include hashing the sampled frames.
        blockList: createBlockListService({
          blockList: createBlockListRepository(db),
          media: mediaRows,
          library: { remove: async () => {} },
          storage: runtime.storage,
          clock: systemClock,
        }),
      });

      // One creator with one public video post, through the app's own routes (the demo seeder's way).
      const creator = demoCreators.find((profile) => profile.posts.some((post) => post.video));
      const videoPost = creator?.posts.find((post) => post.video);
      if (!creator || !videoPost) throw new Error('the demo catalog has no video post');
      const sourceBytes = readFileSync(source);
      await createDemoSeeder({
        users: createUsersRepository(db),
        sessions: createSessionsRepository(db),
        creators: createCreatorsRepository(db),
        inject: (request) => app.inject(request),
        makeVideo: async () => sourceBytes,
        clock: systemClock,
        catalog: [{ ...creator, posts: [{ ...videoPost, visibility: 'public', likes: 0 }] }],
      }).seedIfEmpty();
      const [seeded] = await db.select().from(media).where(eq(media.kind, 'video'));
      if (!seeded) throw new Error('the video post was not created');
      await processor.process(seeded.id); // warm-up, and the post becomes playable
      if ((await mediaRows.findById(seeded.id))?.status !== 'ready')
        throw new Error('the video did not process');

      const probe = await runtime.ffmpeg.probe(source);
      if (!probe) throw new Error('ffprobe cannot read the source');
      const ladder = videoLadder(probe.width, probe.height);
      let oursSeconds = 0;
      let bareSeconds = 0;
      for (let round = 0; round < ROUNDS; round += 1) {
        const out = path.join(dir, `bare-${round}`);
        for (const rung of ladder) await mkdir(path.join(out, rung.name), { recursive: true });
        bareSeconds += await timed(async () => {
          const bare = (args: string[]) =>
            run('ffmpeg', ['-nostdin', '-hide_banner', '-loglevel', 'error', ...args]);
          await bare(posterArguments(source, probe, path.join(out, 'poster.png')));
          await bare(hlsArguments(source, out, ladder, true));
        });
        rmSync(out, { recursive: true, force: true });

        // A fresh upload as post-upload.service.ts leaves it for the job: the original in storage, a processing row.
        const id = crypto.randomUUID();
        const originalKey = `${id}/original`;
        await runtime.storage.put(originalKey, Readable.from([sourceBytes]), {
          maxBytes: sourceBytes.length,
          contentType: 'video/mp4',
        });
        await mediaRows.create({
          id,
          ownerId: seeded.ownerId,
          kind: 'video',
          purpose: 'post',
          visibility: 'private',
          status: 'processing',
          mime: 'video/mp4',
          byteSize: sourceBytes.length,
          width: probe.width,
          height: probe.height,
          durationSeconds: probe.durationSeconds,
          originalKey,
        });
        oursSeconds += await timed(() => processor.process(id));
        if ((await mediaRows.findById(id))?.status !== 'ready') throw new Error('processing failed');
      }
      const videoSeconds = probe.durationSeconds * ROUNDS;
      const ours = videoSeconds / oursSeconds;
      const bare = videoSeconds / bareSeconds;
      console.info(
        `video: ${ladder.map((rung) => rung.name).join(' + ')} HLS ladder of a ${probe.width}x${probe.height} ${probe.durationSeconds.toFixed(0)} s clip, ` +
          `${ROUNDS} rounds: job ${ours.toFixed(2)} video-s/s (${(oursSeconds / ROUNDS).toFixed(1)} s each), ` +
          `bare ffmpeg ${bare.toFixed(2)} video-s/s (${(bareSeconds / ROUNDS).toFixed(1)} s each)`,
      );

      const play = await playToFirstFrame(base, creator.handle, seeded.id);
      return {
        ratio: ours / bare,
        oursVideoSecondsPerSecond: ours,
        bareVideoSecondsPerSecond: bare,
        playToFrameSeconds: median(play.runs),
        playRuns: play.runs,
        startRungs: play.startRungs,
        downlinkMbps: play.downlinkMbps,
      };
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface PageTimes {
  press?: number;
  frame?: number;
}

async function playToFirstFrame(base: string, handle: string, mediaId: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
  const runs: number[] = [];
  const startRungs: string[] = [];
  let downlinkMbps: number | null = null;
  try {
    for (let attempt = 0; attempt < PLAY_RUNS; attempt += 1) {
      // A fresh context each time: nothing cached. Reduced motion: cards wait for Play.
      const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', THROTTLE);
      const requested: string[] = [];
      page.on('request', (request) => {
        const match = new RegExp(`/api/media/${mediaId}/(hls-\\d+p)/`).exec(request.url());
        if (match?.[1]) requested.push(match[1]);
      });
      const master = page.waitForResponse(
        (response) => response.url().includes(`/api/media/${mediaId}/hls?`),
        {
          timeout: 60_000,
        },
      );
      await page.goto(`/public-profile/${handle}`, { timeout: 60_000 });
      await page.getByRole('tab', { name: /^Posts/ }).click();
      const card = page.getByRole('article').filter({ has: page.locator('video') });
      const button = card.getByRole('button', { name: 'Play video' });
      await button.scrollIntoViewIfNeeded();
      await master;
      // The card's player has attached its media source (playlists read, no segment yet) before
      // the fan presses Play. Page-side code is given as text: this file is type-checked without
      // the browser's types.
      await pollPage(
        page,
        "document.querySelector('article video')?.getAttribute('src')?.startsWith('blob:')",
      );
      downlinkMbps = await page.evaluate<number | null>('navigator.connection?.downlink ?? null');
      await page.evaluate(`(() => {
        const article = document.querySelector('article:has(video)');
        const video = article.querySelector('video');
        const times = {};
        window.benchTimes = times;
        article.addEventListener(
          'click',
          () => {
            times.press = performance.now();
            video.requestVideoFrameCallback(() => {
              times.frame = performance.now();
            });
          },
          { capture: true, once: true },
        );
      })()`);
      const before = requested.length;
      await button.click();
      const { press, frame } = await pollPage<Required<PageTimes>>(
        page,
        'window.benchTimes.frame !== undefined ? window.benchTimes : null',
      );
      runs.push((frame - press) / 1000);
      startRungs.push(requested[before] ?? '?');
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return { runs, startRungs, downlinkMbps };
}

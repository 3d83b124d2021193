import { readFileSync } from 'node:fs';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import type { Outbox } from './adapters/mail/index.ts';
import type { Queue } from './adapters/queue.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { SWEEP_MEDIA_TEMP } from './jobs/sweep-media-temp.ts';
import type { Clock } from './lib/clock.ts';
import { withViewerCountry } from './lib/viewer-region.ts';
import type { BillingRuntime, FanPaymentServices } from './modules/billing-services.ts';
import { closeModules, createModules, jobsOf } from './modules/index.ts';
import { openPlatform } from './modules/platform.ts';
import authPlugin from './plugins/auth.ts';
import errorsPlugin from './plugins/errors.ts';
import { createHttpServer } from './plugins/http-server.ts';
import observabilityPlugin from './plugins/observability.ts';
import openApiPlugin from './plugins/openapi.ts';
import securityHeadersPlugin from './plugins/security-headers.ts';
import webAppPlugin from './plugins/web-app.ts';
import configRoutes from './routes/config/index.ts';
import healthRoutes from './routes/health/index.ts';
import type { PayoutServices } from './services/billing/payouts/index.ts';
import { createDemoSeeder, type DemoSeeder } from './services/demo/seed-demo.ts';
import { makeDemoVideo } from './services/demo/video.ts';
import type { NotificationsService } from './services/realtime/notifications.service.ts';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export interface AppServices {
  database: DatabaseHandle;
  queue: Queue;
  payments: BillingRuntime;
  /** Creator payouts (services/billing/payouts): tests run their jobs' work directly. */
  payouts: PayoutServices;
  /** Fan payments: checkouts, subscriptions, the wallet (tests reach them directly). */
  fanPayments: FanPaymentServices;
  /** Demo creators and posts for an empty database (SEED_DEMO; started by main.ts). */
  demo: DemoSeeder;
  /** Outgoing mail (tests wait on `outbox.idle()` before checking that nothing was sent). */
  outbox: Outbox;
  /** Notifications in the bell, by email and by push (jobs built by tests use the app's own). */
  notifications: NotificationsService;
  /**
   * What the process still makes before it is ready (`/api/ready` answers 503 `starting` meanwhile):
   * `hold('demo content')` returns the release.
   */
  startup: { hold(what: string): () => void };
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
    /** Every route registered, as `METHOD /url` (the authorization matrix test checks each one). */
    routeTable: string[];
  }
}

export interface BuildAppOptions {
  /** Run job handlers and schedules in this process (default: config.runJobs). */
  runJobs?: boolean;
  /** Where services read the time (tests move it forward instead of waiting). */
  clock?: Clock;
  /**
   * Serve anonymous Discover pages from memory for a moment (default true). `npm run bench:feed`
   * turns it off to measure the database path every request would otherwise take.
   */
  anonymousDiscoverCache?: boolean;
  /** Tests: start an in-memory database from this archive of a migrated one (server/test/database-template.ts). */
  pgliteTemplate?: string;
}

/** Origins media links may point at: PUBLIC_URL and the S3 endpoint (see security-headers.ts). */
function mediaOrigins(config: Config): string[] {
  const origins = new Set([new URL(config.publicUrl).origin]);
  if (config.s3?.endpoint) origins.add(new URL(config.s3.endpoint).origin);
  return [...origins];
}

/** Builds the whole application; `main.ts` listens with it and tests `inject` into it. */
export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const { app, quietHeaders } = createHttpServer(config);

  const runJobs = options.runJobs ?? config.runJobs;
  const opened = await openPlatform(config, {
    log: app.log,
    clock: options.clock,
    pgliteTemplate: options.pgliteTemplate,
    // The sandbox's webhooks go through this app's own HTTP handling, exactly as a provider's would.
    deliverWebhook: async ({ path, rawBody, headers }) =>
      (await app.inject({ method: 'POST', url: path, headers, payload: rawBody })).statusCode,
  });
  const { platform, database, queue } = opened;
  const { repos, outbox, media, clock } = platform;
  // The modules (server/modules/index.ts): their services now, their routes below.
  const modules = createModules(platform, {
    anonymousDiscoverCache: options.anonymousDiscoverCache ?? true,
  });
  const { billing } = modules;
  try {
    await queue.start({ work: runJobs, jobs: jobsOf(modules) });
    // Interrupted uploads of a previous run are swept at start, then hourly.
    if (runJobs) await queue.send(SWEEP_MEDIA_TEMP, {});
  } catch (error) {
    await closeModules(modules);
    await opened.close();
    throw error;
  }
  const startingWith = new Set<string>();
  app.decorate('services', {
    startup: {
      hold(what: string) {
        startingWith.add(what);
        return () => startingWith.delete(what);
      },
    },
    outbox,
    notifications: modules.realtime.notifications,
    database,
    queue,
    payments: billing.runtime,
    payouts: billing.payouts,
    fanPayments: billing.fanPayments,
    demo: createDemoSeeder({
      users: repos.users,
      sessions: repos.sessions,
      creators: repos.creators,
      inject: (request) => app.inject({ ...request, headers: { ...request.headers, ...quietHeaders } }),
      makeVideo: () => makeDemoVideo(media.ffmpeg),
      clock,
    }),
  });

  // Runs after the server stopped taking requests and the in-flight ones finished.
  app.addHook('onClose', async () => {
    await closeModules(modules);
    await opened.close();
  });

  // The requesting country (request.ip follows TRUST_PROXY), for creators' blocked countries.
  app.addHook('onRequest', (request, _reply, done) =>
    withViewerCountry(platform.geo.countryOf(request.ip), done),
  );
  await app.register(errorsPlugin);
  await app.register(observabilityPlugin, {
    metricsToken: config.metricsToken,
    openStreams: modules.realtime.openStreams,
    jobCounts: () => queue.counts(),
    databasePool: () => database.poolStats(),
    dependencies: async () => {
      const [databaseUp, redisUp] = await Promise.all([
        database.ping(),
        opened.redisPing ? opened.redisPing() : null,
      ]);
      return { database: databaseUp, ...(redisUp === null ? {} : { redis: redisUp }) };
    },
    payoutReconcile: async () =>
      billing.payouts.reconciliation ? billing.payouts.reconciliation.latest() : null,
  });
  await app.register(authPlugin, {
    sessions: modules.auth.services.sessions,
    twoFactor: modules.auth.services.twoFactor,
  });
  await app.register(securityHeadersPlugin, {
    analyticsOrigins: config.gaMeasurementId
      ? [
          'https://www.googletagmanager.com',
          'https://www.google-analytics.com',
          'https://*.google-analytics.com',
        ]
      : [],
    mediaOrigins: mediaOrigins(config),
    https: config.publicUrl.startsWith('https://'),
  });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(openApiPlugin, { version, publicUrl: config.publicUrl });

  // Each module's endpoints, in the order of the list (server/modules/index.ts).
  await app.register(healthRoutes, {
    database,
    redis: opened.redisPing,
    version,
    startingWith: () => [...startingWith],
  });
  for (const module of modules.list) await module.routes?.(app);
  await app.register(configRoutes, {
    publicConfig: {
      siteName: 'Fanplace',
      publicUrl: config.publicUrl,
      gaMeasurementId: config.gaMeasurementId,
      googleSignIn: config.google !== null,
      tips: config.payments.tips,
    },
  });

  await app.register(webAppPlugin, {
    distDir: config.webDistDir,
    latestEventId: () => modules.realtime.events.latestId(),
  });
  return app;
}

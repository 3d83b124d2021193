import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createEventBus } from './adapters/bus/index.ts';
import { createCountryLookup } from './adapters/geo.ts';
import { createMailer, createOutbox } from './adapters/mail/index.ts';
import { createOidcClient } from './adapters/oauth/oidc-client.ts';
import { type Queue, startQueue } from './adapters/queue.ts';
import { createRateLimiter, createRateLimitStore } from './adapters/rate-limit/index.ts';
import type { Config } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/client.ts';
import { createJobs } from './jobs/index.ts';
import { PROCESS_MEDIA } from './jobs/process-media.ts';
import { SWEEP_MEDIA_TEMP } from './jobs/sweep-media-temp.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { withViewerCountry } from './lib/viewer-region.ts';
import authPlugin from './plugins/auth.ts';
import errorsPlugin from './plugins/errors.ts';
import observabilityPlugin, { requestIdGenerator } from './plugins/observability.ts';
import openApiPlugin from './plugins/openapi.ts';
import securityHeadersPlugin from './plugins/security-headers.ts';
import { appValidatorCompiler } from './plugins/validation.ts';
import webAppPlugin from './plugins/web-app.ts';
import { createAccountDataRepository } from './repositories/account-data.repository.ts';
import { createAuthTokensRepository } from './repositories/auth-tokens.repository.ts';
import { createBlocksRepository } from './repositories/blocks.repository.ts';
import { createConversationsRepository } from './repositories/conversations.repository.ts';
import { createCreatorsRepository } from './repositories/creators.repository.ts';
import { createEmailChangesRepository } from './repositories/email-changes.repository.ts';
import { createEntitlementsRepository } from './repositories/entitlements.repository.ts';
import { createEventsRepository } from './repositories/events.repository.ts';
import { createKnownBrowsersRepository } from './repositories/known-browsers.repository.ts';
import { createLikesRepository } from './repositories/likes.repository.ts';
import { createMediaRepository } from './repositories/media.repository.ts';
import { createNotificationsRepository } from './repositories/notifications.repository.ts';
import { createOAuthRepository } from './repositories/oauth.repository.ts';
import { createOnboardingRepository } from './repositories/onboarding.repository.ts';
import { createPasskeysRepository } from './repositories/passkeys.repository.ts';
import { createPostsRepository } from './repositories/posts.repository.ts';
import { createPurchasesRepository } from './repositories/purchases.repository.ts';
import { createReportsRepository } from './repositories/reports.repository.ts';
import { createSessionsRepository } from './repositories/sessions.repository.ts';
import { createSupportRepository } from './repositories/support.repository.ts';
import { createTwoFactorRepository } from './repositories/two-factor.repository.ts';
import { createUsersRepository } from './repositories/users.repository.ts';
import adminCreatorRoutes from './routes/admin/creators.ts';
import authRoutes from './routes/auth/index.ts';
import configRoutes from './routes/config/index.ts';
import creatorRoutes from './routes/creators/index.ts';
import eventRoutes from './routes/events/index.ts';
import healthRoutes from './routes/health/index.ts';
import mediaRoutes from './routes/media/index.ts';
import messageRoutes from './routes/messages/index.ts';
import monetizationRoutes from './routes/monetization/index.ts';
import paymentRoutes from './routes/payments/index.ts';
import postsRoutes from './routes/posts/index.ts';
import safetyRoutes from './routes/safety/index.ts';
import subscriptionRoutes from './routes/subscriptions/index.ts';
import { createAuthServices } from './services/auth/index.ts';
import { createPasswordHasher } from './services/auth/passwords.ts';
import { createCreatorsService } from './services/creators/creators.service.ts';
import { createOnboardingService } from './services/creators/onboarding.service.ts';
import { createOwnedMedia } from './services/creators/owned-media.ts';
import { createCreatorReviewService } from './services/creators/review.service.ts';
import { createDemoSeeder, type DemoSeeder } from './services/demo/seed-demo.ts';
import { makeDemoVideo } from './services/demo/video.ts';
import { createMediaLibrary } from './services/media/library.service.ts';
import { createMediaLinks } from './services/media/links.ts';
import { createPostUploadService } from './services/media/post-upload.service.ts';
import { createMediaRuntime } from './services/media/runtime.ts';
import { createUploadService } from './services/media/upload.service.ts';
import { createUrlSigner } from './services/media/url-signing.ts';
import { createConversationChanges } from './services/messaging/conversation-changes.ts';
import { createMessagingService } from './services/messaging/messaging.service.ts';
import { createMonetizationServices, type MonetizationServices } from './services/monetization/index.ts';
import { createPaymentsRuntime, type PaymentsRuntime } from './services/payments/runtime.ts';
import { createFeedsService } from './services/posts/feeds.service.ts';
import { createPostViews } from './services/posts/post-views.ts';
import { createPostsService } from './services/posts/posts.service.ts';
import { createEventsService } from './services/realtime/events.service.ts';
import { createNotificationsService } from './services/realtime/notifications.service.ts';
import { createAccountDataService } from './services/safety/account-data.service.ts';
import { createBlocksService } from './services/safety/blocks.service.ts';
import { createEmailChangeService } from './services/safety/email-change.service.ts';
import { createReportsService } from './services/safety/reports.service.ts';
import { createSupportService } from './services/safety/support.service.ts';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export interface AppServices {
  database: DatabaseHandle;
  queue: Queue;
  payments: PaymentsRuntime;
  /** Fan monetization (set once the app's routes are registered). */
  monetization: MonetizationServices | null;
  /** Demo creators and posts for an empty database (SEED_DEMO; started by main.ts). */
  demo: DemoSeeder;
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
}

/** Marks the demo seed's own requests (see `buildApp`). */
const DEMO_MARK_HEADER = 'x-fanplace-demo-seed';

/** Origins media links may point at: PUBLIC_URL and the S3 endpoint (see security-headers.ts). */
function mediaOrigins(config: Config): string[] {
  const origins = new Set([new URL(config.publicUrl).origin]);
  if (config.s3?.endpoint) origins.add(new URL(config.s3.endpoint).origin);
  return [...origins];
}

/** Builds the whole application; `main.ts` listens with it and tests `inject` into it. */
export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  // The demo seed's in-process requests carry this process's own random mark, so its hundreds of
  // requests are summed up in one 'demo data seeded' line instead of logged one by one; no one
  // outside the process can know the mark.
  const demoMark = randomBytes(16).toString('hex');
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    logController: new LogController({
      disableRequestLogging: (request: { headers?: Record<string, unknown> }) =>
        request.headers?.[DEMO_MARK_HEADER] === demoMark,
    }),
    trustProxy: config.trustProxy,
    genReqId: requestIdGenerator(config.trustProxy),
    requestIdLogLabel: 'reqId',
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  // Once closing, every response ends its connection: a keep-alive connection that finishes its
  // last request must not hold the process open (server.close() only drops the idle ones it sees).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
  app.setValidatorCompiler(appValidatorCompiler);
  const routeTable: string[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push(`${method} ${route.url}`);
  });
  app.setSerializerCompiler(serializerCompiler);

  const clock = options.clock ?? systemClock;
  const media = await createMediaRuntime(config);
  const runJobs = options.runJobs ?? config.runJobs;
  const database = await openDatabase(config, {
    onError: (error) => app.log.warn({ err: error }, 'database connection lost'),
  });
  // The sandbox's webhooks go through this app's own HTTP handling, exactly as a provider's would.
  const payments = createPaymentsRuntime({
    config,
    db: database.db,
    clock,
    log: app.log,
    send: async ({ path, rawBody, headers }) =>
      (await app.inject({ method: 'POST', url: path, headers, payload: rawBody })).statusCode,
  });
  let queue: Queue;
  // Built once notifications exist (below); its job only runs after the app is ready.
  let monetization: MonetizationServices | null = null;
  try {
    queue = await startQueue(database, {
      work: runJobs,
      jobs: createJobs(database.db, app.log, media, clock, payments, {
        lifecycle: { runDue: async () => (monetization ? monetization.lifecycle.runDue() : null) },
      }),
      log: app.log,
      onError: (error) => app.log.error({ err: error }, 'job queue error'),
    });
    // Interrupted uploads of a previous run are swept at start, then hourly.
    if (runJobs) await queue.send(SWEEP_MEDIA_TEMP, {});
  } catch (error) {
    await database.close();
    throw error;
  }
  app.decorate('services', {
    database,
    queue,
    payments,
    monetization: null,
    demo: createDemoSeeder({
      users: createUsersRepository(database.db),
      sessions: createSessionsRepository(database.db),
      creators: createCreatorsRepository(database.db),
      inject: (request) =>
        app.inject({ ...request, headers: { ...request.headers, [DEMO_MARK_HEADER]: demoMark } }),
      makeVideo: () => makeDemoVideo(media.ffmpeg),
      clock,
    }),
  });

  const rateLimitStore = createRateLimitStore(config.redisUrl, clock, app.log);
  const limiter = createRateLimiter(rateLimitStore.store);
  const outbox = createOutbox(createMailer(config.mail, app.log), app.log);
  const geo = createCountryLookup();
  const auth = createAuthServices({
    users: createUsersRepository(database.db),
    sessions: createSessionsRepository(database.db),
    tokens: createAuthTokensRepository(database.db),
    oauth: createOAuthRepository(database.db),
    twoFactor: createTwoFactorRepository(database.db),
    passkeys: createPasskeysRepository(database.db),
    knownBrowsers: createKnownBrowsersRepository(database.db),
    geo,
    media: createMediaRepository(database.db),
    passwords: createPasswordHasher(),
    outbox,
    limiter,
    oidc: config.google
      ? createOidcClient({ ...config.google, redirectUri: `${config.publicUrl}/api/auth/google/callback` })
      : null,
    clock,
    settings: { appSecret: config.appSecret, publicUrl: config.publicUrl, adminEmails: config.adminEmails },
    log: app.log,
  });

  // Runs after the server stopped taking requests and the in-flight ones finished.
  app.addHook('onClose', async () => {
    await payments.webhookDelivery.close();
    await outbox.close();
    await limiter.close();
    await queue.stop();
    await database.close();
  });

  // The requesting country (request.ip follows TRUST_PROXY), for creators' blocked countries.
  app.addHook('onRequest', (request, _reply, done) => withViewerCountry(geo.countryOf(request.ip), done));
  let openStreams = 0;
  await app.register(errorsPlugin);
  await app.register(observabilityPlugin, {
    metricsToken: config.metricsToken,
    openStreams: () => openStreams,
    jobCounts: () => queue.counts(),
    databasePool: () => database.poolStats(),
  });
  await app.register(authPlugin, { sessions: auth.sessions, twoFactor: auth.twoFactor });
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

  await app.register(healthRoutes, { database, redis: rateLimitStore.ping, version });
  await app.register(authRoutes, { auth, publicUrl: config.publicUrl });
  const mediaRepository = createMediaRepository(database.db);
  const signer = createUrlSigner({
    secret: config.appSecret,
    clock,
    ttlSeconds: config.media.signedUrlTtlSeconds,
  });
  const links = createMediaLinks({
    signer,
    storage: media.storage,
    clock,
    ttlSeconds: config.media.signedUrlTtlSeconds,
  });
  const library = createMediaLibrary({
    media: mediaRepository,
    storage: media.storage,
    links,
    signer,
    clock,
  });
  const bus = createEventBus(config.redisUrl, app.log);
  app.addHook('onClose', async () => {
    await bus.close();
  });
  const events = createEventsService({
    events: createEventsRepository(database.db),
    bus,
    clock,
    onError: (error) => app.log.error({ err: error }, 'publishing an event failed'),
  });
  const notifications = createNotificationsService({
    notifications: createNotificationsRepository(database.db),
    events,
    clock,
    onError: (error) => app.log.error({ err: error }, 'a notification failed'),
  });
  const entitlements = createEntitlementsRepository(database.db);
  const blocks = createBlocksRepository(database.db);
  const conversationsRepository = createConversationsRepository(database.db);
  const conversationChanges = createConversationChanges({
    conversations: conversationsRepository,
    events,
    onError: (error) => app.log.error({ err: error }, 'announcing a conversation change failed'),
  });
  const creatorsRepository = createCreatorsRepository(database.db);
  const ownedMedia = createOwnedMedia({ media: mediaRepository, library });
  const creators = createCreatorsService({
    creators: creatorsRepository,
    blocks,
    likes: createLikesRepository(database.db),
    purchases: createPurchasesRepository(database.db),
    ownedMedia,
    notifications,
    conversationChanges,
    clock,
  });
  await app.register(creatorRoutes, {
    creators,
    onboarding: createOnboardingService({
      onboarding: createOnboardingRepository(database.db),
      creators: creatorsRepository,
      profiles: creators,
      ownedMedia,
      clock,
    }),
  });
  await app.register(adminCreatorRoutes, {
    review: createCreatorReviewService({
      creators: creatorsRepository,
      users: createUsersRepository(database.db),
      profiles: creators,
      ownedMedia,
      outbox,
      clock,
      publicUrl: config.publicUrl,
    }),
  });
  const postsRepository = createPostsRepository(database.db);
  const presentPosts = createPostViews({
    posts: postsRepository,
    creators: creatorsRepository,
    entitlements,
    links,
    clock,
  });
  await app.register(postsRoutes, {
    posts: createPostsService({
      posts: postsRepository,
      creators: creatorsRepository,
      blocks,
      ownedMedia,
      library,
      present: presentPosts,
      notifications,
      clock,
    }),
    feeds: createFeedsService({
      posts: postsRepository,
      creators: creatorsRepository,
      blocks,
      present: presentPosts,
      clock,
    }),
    clock,
    anonymousDiscoverCache: options.anonymousDiscoverCache ?? true,
  });
  await app.register(messageRoutes, {
    messaging: createMessagingService({
      conversations: conversationsRepository,
      blocks,
      entitlements,
      events,
      limiter,
      clock,
    }),
  });
  await app.register(safetyRoutes, {
    blocks: createBlocksService({
      blocks,
      users: createUsersRepository(database.db),
      conversationChanges,
      clock,
    }),
    reports: createReportsService({
      reports: createReportsRepository(database.db),
      posts: postsRepository,
      library,
      limiter,
      clock,
    }),
    accountData: createAccountDataService({
      data: createAccountDataRepository(database.db),
      storage: media.storage,
      passwords: createPasswordHasher(),
      limiter,
      clock,
    }),
    support: createSupportService({ support: createSupportRepository(database.db), outbox, limiter, clock }),
    emailChange: createEmailChangeService({
      changes: createEmailChangesRepository(database.db),
      users: createUsersRepository(database.db),
      passwords: createPasswordHasher(),
      outbox,
      limiter,
      clock,
      appSecret: config.appSecret,
    }),
  });
  await app.register(eventRoutes, {
    events,
    notifications,
    onStreamCount: (count) => {
      openStreams = count;
    },
  });
  await app.register(mediaRoutes, {
    uploads: createUploadService({
      media: mediaRepository,
      storage: media.storage,
      links,
      limiter,
      clock,
      scratchRoot: media.scratchRoot,
    }),
    library,
    tus: {
      uploads: media.uploads,
      postUploads: createPostUploadService({
        media: mediaRepository,
        storage: media.storage,
        uploads: media.uploads,
        ffmpeg: media.ffmpeg,
        links,
        limiter,
        clock,
        limits: { maxImageBytes: config.media.maxImageBytes, maxVideoBytes: config.media.maxVideoBytes },
        enqueue: async (mediaId) => {
          await queue.send(PROCESS_MEDIA, { mediaId });
        },
      }),
      authenticate: async (token) => (await auth.sessions.authenticate(token))?.user ?? null,
      log: app.log,
    },
  });
  await app.register(subscriptionRoutes, { payments });
  monetization = createMonetizationServices({
    db: database.db,
    provider: payments.providers.active,
    fallbackWebhooks: payments.webhooks,
    clock,
    log: app.log,
    publicUrl: config.publicUrl,
    feePercent: config.payments.platformFeePercent,
    holdDays: config.payments.earningsHoldDays,
    outbox,
    notifications,
    present: presentPosts,
  });
  app.services.monetization = monetization;
  await app.register(monetizationRoutes, { monetization });
  await app.register(paymentRoutes, {
    webhooks: monetization.webhooks,
    sandbox: payments.providers.sandbox,
    merchantName: 'Fanplace',
  });
  await app.register(configRoutes, {
    publicConfig: {
      siteName: 'Fanplace',
      publicUrl: config.publicUrl,
      gaMeasurementId: config.gaMeasurementId,
      googleSignIn: config.google !== null,
    },
  });

  await app.register(webAppPlugin, { distDir: config.webDistDir });
  return app;
}

import { readFileSync } from 'node:fs';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { limits } from '../common/limits.ts';
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
import authPlugin from './plugins/auth.ts';
import errorsPlugin from './plugins/errors.ts';
import openApiPlugin from './plugins/openapi.ts';
import securityHeadersPlugin from './plugins/security-headers.ts';
import webAppPlugin from './plugins/web-app.ts';
import { createAuthTokensRepository } from './repositories/auth-tokens.repository.ts';
import { createCreatorsRepository } from './repositories/creators.repository.ts';
import { createMediaRepository } from './repositories/media.repository.ts';
import { createOAuthRepository } from './repositories/oauth.repository.ts';
import { createSessionsRepository } from './repositories/sessions.repository.ts';
import { createUsersRepository } from './repositories/users.repository.ts';
import authRoutes from './routes/auth/index.ts';
import configRoutes from './routes/config/index.ts';
import creatorRoutes from './routes/creators/index.ts';
import healthRoutes from './routes/health/index.ts';
import mediaRoutes from './routes/media/index.ts';
import paymentRoutes from './routes/payments/index.ts';
import subscriptionRoutes from './routes/subscriptions/index.ts';
import { createAuthServices } from './services/auth/index.ts';
import { createPasswordHasher } from './services/auth/passwords.ts';
import { createCreatorsService } from './services/creators/creators.service.ts';
import { createMediaLibrary } from './services/media/library.service.ts';
import { createMediaLinks } from './services/media/links.ts';
import { createPostUploadService } from './services/media/post-upload.service.ts';
import { createMediaRuntime } from './services/media/runtime.ts';
import { createUploadService } from './services/media/upload.service.ts';
import { createUrlSigner } from './services/media/url-signing.ts';
import { createPaymentsRuntime, type PaymentsRuntime } from './services/payments/runtime.ts';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export interface AppServices {
  database: DatabaseHandle;
  queue: Queue;
  payments: PaymentsRuntime;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

export interface BuildAppOptions {
  /** Run job handlers and schedules in this process (default: config.runJobs). */
  runJobs?: boolean;
  /** Where services read the time (tests move it forward instead of waiting). */
  clock?: Clock;
}

/** Builds the whole application; `main.ts` listens with it and tests `inject` into it. */
export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
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
  try {
    queue = await startQueue(database.sql, {
      work: runJobs,
      jobs: createJobs(database.db, app.log, media, clock, payments),
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
  });

  const limiter = createRateLimiter(
    createRateLimitStore(config.redisUrl, clock, (error) =>
      app.log.error({ err: error }, 'rate-limit store'),
    ),
  );
  const outbox = createOutbox(createMailer(config.mail, app.log), app.log);
  const auth = createAuthServices({
    users: createUsersRepository(database.db),
    sessions: createSessionsRepository(database.db),
    tokens: createAuthTokensRepository(database.db),
    oauth: createOAuthRepository(database.db),
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

  await app.register(errorsPlugin);
  await app.register(authPlugin, { sessions: auth.sessions });
  await app.register(securityHeadersPlugin, {
    analyticsOrigins: config.gaMeasurementId
      ? [
          'https://www.googletagmanager.com',
          'https://www.google-analytics.com',
          'https://*.google-analytics.com',
        ]
      : [],
    https: config.publicUrl.startsWith('https://'),
  });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(openApiPlugin, { version, publicUrl: config.publicUrl });

  await app.register(healthRoutes, { database, version });
  await app.register(authRoutes, { auth, publicUrl: config.publicUrl });
  await app.register(creatorRoutes, {
    creators: createCreatorsService({ creators: createCreatorsRepository(database.db) }),
  });
  const mediaRepository = createMediaRepository(database.db);
  const signer = createUrlSigner({
    secret: config.appSecret,
    clock,
    ttlSeconds: limits.media.signedUrlTtlSeconds,
  });
  const links = createMediaLinks({
    publicUrl: config.publicUrl,
    signer,
    storage: media.storage,
    clock,
    ttlSeconds: limits.media.signedUrlTtlSeconds,
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
    library: createMediaLibrary({ media: mediaRepository, storage: media.storage, links, signer, clock }),
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
  await app.register(paymentRoutes, {
    webhooks: payments.webhooks,
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

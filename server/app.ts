import { readFileSync } from 'node:fs';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createMailer, createOutbox } from './adapters/mail/index.ts';
import { createOidcClient } from './adapters/oauth/oidc-client.ts';
import { type Queue, startQueue } from './adapters/queue.ts';
import { createRateLimiter, createRateLimitStore } from './adapters/rate-limit/index.ts';
import type { Config } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/client.ts';
import { createJobs } from './jobs/index.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import authPlugin from './plugins/auth.ts';
import errorsPlugin from './plugins/errors.ts';
import openApiPlugin from './plugins/openapi.ts';
import securityHeadersPlugin from './plugins/security-headers.ts';
import webAppPlugin from './plugins/web-app.ts';
import { createAuthTokensRepository } from './repositories/auth-tokens.repository.ts';
import { createCreatorsRepository } from './repositories/creators.repository.ts';
import { createOAuthRepository } from './repositories/oauth.repository.ts';
import { createSessionsRepository } from './repositories/sessions.repository.ts';
import { createUsersRepository } from './repositories/users.repository.ts';
import authRoutes from './routes/auth/index.ts';
import configRoutes from './routes/config/index.ts';
import creatorRoutes from './routes/creators/index.ts';
import healthRoutes from './routes/health/index.ts';
import { createAuthServices } from './services/auth/index.ts';
import { createPasswordHasher } from './services/auth/passwords.ts';
import { createCreatorsService } from './services/creators/creators.service.ts';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export interface AppServices {
  database: DatabaseHandle;
  queue: Queue;
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

  const database = await openDatabase(config);
  let queue: Queue;
  try {
    queue = await startQueue(database.sql, {
      work: options.runJobs ?? config.runJobs,
      jobs: createJobs(database.db, app.log),
      onError: (error) => app.log.error({ err: error }, 'job queue error'),
    });
  } catch (error) {
    await database.close();
    throw error;
  }
  app.decorate('services', { database, queue });

  const clock = options.clock ?? systemClock;
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

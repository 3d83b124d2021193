import { readFileSync } from 'node:fs';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Queue, startQueue } from './adapters/queue.ts';
import type { Config } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/client.ts';
import { pruneExpiredSessionsJob } from './jobs/prune-expired-sessions.ts';
import errorsPlugin from './plugins/errors.ts';
import openApiPlugin from './plugins/openapi.ts';
import securityHeadersPlugin from './plugins/security-headers.ts';
import webAppPlugin from './plugins/web-app.ts';
import { createSessionsRepository } from './repositories/sessions.repository.ts';
import configRoutes from './routes/config/index.ts';
import healthRoutes from './routes/health/index.ts';

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
  /** Run job handlers and schedules in this process (default: true). */
  runJobs?: boolean;
}

/** Builds the whole application; `main.ts` listens with it and tests `inject` into it. */
export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    trustProxy: true,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = await openDatabase(config);
  let queue: Queue;
  try {
    const sessions = createSessionsRepository(database.db);
    queue = await startQueue(database.sql, {
      work: options.runJobs ?? true,
      jobs: [
        pruneExpiredSessionsJob({
          sessions,
          log: (removed) => app.log.info({ removed }, 'pruned expired sessions'),
        }),
      ],
      onError: (error) => app.log.error({ err: error }, 'job queue error'),
    });
  } catch (error) {
    await database.close();
    throw error;
  }
  app.decorate('services', { database, queue });
  // Runs after the server stopped taking requests and the in-flight ones finished.
  app.addHook('onClose', async () => {
    await queue.stop();
    await database.close();
  });

  await app.register(errorsPlugin);
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

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema, readyResponseSchema } from '../../../common/schemas/health.ts';

export interface HealthRoutesOptions {
  /** The database's driver name and a ping (server/db/client.ts's handle fits). */
  database: { driver: 'pglite' | 'postgres'; ping(): Promise<boolean> };
  /** Whether Redis answers; null when none is configured. */
  redis: (() => Promise<boolean>) | null;
  version: string;
}

const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (
  app,
  { database, redis, version },
) => {
  app.get(
    '/api/health',
    {
      // Probes come every few seconds: their lines would drown the log at info.
      logLevel: 'warn',
      schema: { tags: ['health'], summary: 'The process is up', response: { 200: healthResponseSchema } },
    },
    async () => ({ status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()), version }),
  );

  app.get(
    '/api/ready',
    {
      logLevel: 'warn',
      schema: {
        tags: ['health'],
        summary:
          'This process can serve: the database answers (503 otherwise); Redis down reports `degraded`, still 200',
        response: { 200: readyResponseSchema, 503: readyResponseSchema },
      },
    },
    async (_request, reply) => {
      const [databaseUp, redisUp] = await Promise.all([database.ping(), redis ? redis() : null]);
      // Without Redis the process still serves (events stay local, limits count in memory): a load
      // balancer that drops unready processes must not drop every one of them for it.
      const status = !databaseUp ? 'not_ready' : redisUp === false ? 'degraded' : 'ready';
      return reply.status(databaseUp ? 200 : 503).send({
        status,
        database: databaseUp ? 'up' : 'down',
        driver: database.driver,
        redis: redisUp === null ? 'none' : redisUp ? 'up' : 'down',
      });
    },
  );
};

export default healthRoutes;

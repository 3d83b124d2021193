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
        summary: 'The database (and Redis, when configured) answers; 503 otherwise',
        response: { 200: readyResponseSchema, 503: readyResponseSchema },
      },
    },
    async (_request, reply) => {
      const [databaseUp, redisUp] = await Promise.all([database.ping(), redis ? redis() : null]);
      const up = databaseUp && redisUp !== false;
      return reply.status(up ? 200 : 503).send({
        status: up ? 'ready' : 'not_ready',
        database: databaseUp ? 'up' : 'down',
        driver: database.driver,
        redis: redisUp === null ? 'none' : redisUp ? 'up' : 'down',
      });
    },
  );
};

export default healthRoutes;

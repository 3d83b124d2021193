import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema, readyResponseSchema } from '../../../common/schemas/health.ts';
import type { DatabaseHandle } from '../../db/client.ts';

export interface HealthRoutesOptions {
  database: Pick<DatabaseHandle, 'driver' | 'ping'>;
  version: string;
}

const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, { database, version }) => {
  app.get(
    '/api/health',
    { schema: { tags: ['health'], summary: 'The process is up', response: { 200: healthResponseSchema } } },
    async () => ({ status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()), version }),
  );

  app.get(
    '/api/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'The database answers; 503 otherwise',
        response: { 200: readyResponseSchema, 503: readyResponseSchema },
      },
    },
    async (_request, reply) => {
      const up = await database.ping();
      return reply.status(up ? 200 : 503).send({
        status: up ? 'ready' : 'not_ready',
        database: up ? 'up' : 'down',
        driver: database.driver,
      });
    },
  );
};

export default healthRoutes;

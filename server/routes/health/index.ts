import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema, readyResponseSchema } from '../../../common/schemas/health.ts';
import { endpoint, registerEndpoints } from '../endpoints.ts';

export interface HealthRoutesOptions {
  /** The database's driver name and a ping (server/db/client.ts's handle fits). */
  database: { driver: 'pglite' | 'postgres'; ping(): Promise<boolean> };
  /** Whether Redis answers; null when none is configured. */
  redis: (() => Promise<boolean>) | null;
  version: string;
  /** What the process still makes before its first visitors come (empty once it has started). */
  startingWith?: () => string[];
}

/** Liveness and readiness probes. */
export function healthEndpoints({ database, redis, version, startingWith }: HealthRoutesOptions) {
  return [
    endpoint({
      method: 'GET',
      url: '/api/health',
      summary: 'The process is up',
      caller: 'visitor',
      // Probes come every few seconds: their lines would drown the log at info.
      logLevel: 'warn',
      response: healthResponseSchema,
      handler: async () => ({
        status: 'ok' as const,
        uptimeSeconds: Math.round(process.uptime()),
        version,
      }),
    }),
    endpoint({
      method: 'GET',
      url: '/api/ready',
      summary:
        'This process can serve: the database answers and it has started (503 otherwise); Redis down reports `degraded`, still 200',
      caller: 'visitor',
      logLevel: 'warn',
      response: readyResponseSchema,
      otherResponses: { 503: readyResponseSchema },
      handler: async ({ reply }) => {
        const [databaseUp, redisUp] = await Promise.all([database.ping(), redis ? redis() : null]);
        // Without Redis the process still serves (events stay local, limits count in memory): a load
        // balancer that drops unready processes must not drop every one of them for it.
        const waitingFor = startingWith?.() ?? [];
        const status = !databaseUp
          ? 'not_ready'
          : waitingFor.length > 0
            ? 'starting'
            : redisUp === false
              ? 'degraded'
              : 'ready';
        return reply.status(databaseUp && waitingFor.length === 0 ? 200 : 503).send({
          status,
          ...(waitingFor.length > 0 ? { waitingFor } : {}),
          database: databaseUp ? 'up' : 'down',
          driver: database.driver,
          redis: redisUp === null ? 'none' : redisUp ? 'up' : 'down',
        });
      },
    }),
  ];
}

const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, options) => {
  registerEndpoints(app, ['health'], healthEndpoints(options));
};

export default healthRoutes;

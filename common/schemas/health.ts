import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  uptimeSeconds: z.number(),
  version: z.string(),
});

/**
 * `ready`: everything answers. `degraded`: this process serves (the database answers) but Redis does
 * not: events reach only this process's streams and rate limits count in memory until it is back.
 * Both are 200, so a load balancer keeps the process; `not_ready` (503) is a database that does not
 * answer; `starting` (503) a process still making what its first visitors need (`waitingFor`: the
 * demo content on a first start).
 */
export const readyResponseSchema = z.object({
  status: z.enum(['ready', 'degraded', 'not_ready', 'starting']),
  /** What a starting process still waits for. */
  waitingFor: z.array(z.string()).optional(),
  database: z.enum(['up', 'down']),
  driver: z.enum(['pglite', 'postgres']),
  /** `none` when no REDIS_URL is configured. */
  redis: z.enum(['up', 'down', 'none']),
});

import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  uptimeSeconds: z.number(),
  version: z.string(),
});

export const readyResponseSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: z.enum(['up', 'down']),
  driver: z.enum(['pglite', 'postgres']),
  /** `none` when no REDIS_URL is configured. */
  redis: z.enum(['up', 'down', 'none']),
});

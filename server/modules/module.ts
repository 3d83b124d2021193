import type { FastifyInstance } from 'fastify';
import type { JobDefinition } from '../adapters/queue.ts';

/**
 * A server module: one area of the product (posts, messaging, billing, ...) built from the platform
 * and the modules it depends on. It returns what the process may use of it:
 * - `routes`: its endpoints, registered by a web process (never by the worker);
 * - `jobs`: its background jobs, run by whichever process runs jobs;
 * - `close`: what to let go of when the process stops (a connection, a timer);
 * and, beside those, the services other modules build on (its exports).
 */
export interface Module {
  name: string;
  routes?: (app: FastifyInstance) => Promise<void>;
  jobs?: JobDefinition<never>[];
  close?: () => Promise<void>;
}

/** Declares a module: checks its parts against `Module` and keeps the services it exports typed. */
export const defineModule = <M extends Module>(module: M): M => module;

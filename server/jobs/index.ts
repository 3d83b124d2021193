import type { JobDefinition } from '../adapters/queue.ts';
import type { Database } from '../db/client.ts';
import { createSessionsRepository } from '../repositories/sessions.repository.ts';
import { pruneExpiredSessionsJob } from './prune-expired-sessions.ts';

export interface JobLogger {
  info(details: object, message: string): void;
}

/** Every background job the platform runs; the web process and `npm run worker` share this list. */
export function createJobs(db: Database, log: JobLogger): JobDefinition<never>[] {
  return [
    pruneExpiredSessionsJob({
      sessions: createSessionsRepository(db),
      log: (removed) => log.info({ removed }, 'pruned expired sessions'),
    }),
  ];
}

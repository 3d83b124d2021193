import type { JobDefinition } from '../adapters/queue.ts';
import type { SessionsRepository } from '../repositories/auth/sessions.repository.ts';

export const PRUNE_EXPIRED_SESSIONS = 'prune-expired-sessions';

/** Hourly: expired sign-in sessions are useless and only grow the table. */
export function pruneExpiredSessionsJob(deps: {
  sessions: SessionsRepository;
  log: (removed: number) => void;
}): JobDefinition {
  return {
    name: PRUNE_EXPIRED_SESSIONS,
    cron: '17 * * * *',
    async handle() {
      const removed = await deps.sessions.deleteExpired(new Date());
      deps.log(removed);
    },
  };
}

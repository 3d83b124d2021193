import type { JobDefinition } from '../adapters/queue.ts';
import type { Clock } from '../lib/clock.ts';
import type { EventsRepository } from '../repositories/realtime/events.repository.ts';

export const PRUNE_USER_EVENTS = 'prune-user-events';
/** How far back a reconnecting stream can replay; a client away longer refetches its screens. */
export const EVENT_REPLAY_HOURS = 24;

/** Hourly: pushed events are kept one day for Last-Event-ID replay, then dropped. */
export function pruneUserEventsJob(deps: {
  events: EventsRepository;
  clock: Clock;
  log: (removed: number) => void;
}): JobDefinition {
  return {
    name: PRUNE_USER_EVENTS,
    cron: '29 * * * *',
    async handle() {
      const cutoff = new Date(deps.clock.now().getTime() - EVENT_REPLAY_HOURS * 3_600_000);
      deps.log(await deps.events.pruneBefore(cutoff));
    },
  };
}

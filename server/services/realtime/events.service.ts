import type { EventName, EventPayload } from '../../../common/events.ts';
import type { BusEvent, EventBus } from '../../adapters/bus/bus.ts';
import type { Clock } from '../../lib/clock.ts';
import type { EventsRepository } from '../../repositories/realtime/events.repository.ts';

/**
 * Pushes events to users: each is numbered and stored first (so a reconnecting stream can replay
 * it from any process), then published on the bus to whichever processes hold the user's streams.
 */
export function createEventsService(deps: {
  events: EventsRepository;
  bus: EventBus;
  clock: Clock;
  onError: (error: unknown) => void;
  /** Told of what was sent once it is stored (push notifications for messages); never awaited. */
  onEmitted?: (
    name: EventName,
    items: { userId: string; payload: EventPayload<EventName> }[],
  ) => Promise<void>;
}) {
  async function emitEach<Name extends EventName>(
    name: Name,
    items: { userId: string; payload: EventPayload<Name> }[],
  ): Promise<void> {
    if (items.length === 0) return;
    const now = deps.clock.now();
    const stored = await deps.events.append(
      items.map((item) => ({ userId: item.userId, name, payload: item.payload, createdAt: now })),
    );
    await Promise.all(
      stored.map((row) =>
        deps.bus
          .publish(row.userId, { id: row.id, name: row.name, payload: row.payload })
          .catch((error: unknown) => deps.onError(error)),
      ),
    );
    deps.onEmitted?.(name, items).catch((error: unknown) => deps.onError(error));
  }

  return {
    /** The same event to each of these users. */
    emit: <Name extends EventName>(userIds: string[], name: Name, payload: EventPayload<Name>) =>
      emitEach(
        name,
        userIds.map((userId) => ({ userId, payload })),
      ),

    /** One event per user, each with its own payload (a mass message's delivery), stored in one insert. */
    emitEach,

    /** What a stream missed after `afterId` (at most `limit`; a client that missed more refetches). */
    async replay(userId: string, afterId: number, limit = 500): Promise<BusEvent[]> {
      const rows = await deps.events.since(userId, afterId, limit);
      return rows.map((row) => ({ id: row.id, name: row.name, payload: row.payload }));
    },

    /**
     * Where a stream opened later should start: a server-rendered page names it, so what is pushed
     * after the page's data was read is replayed when its stream opens (routes/realtime).
     */
    latestId: () => deps.events.latestId(),

    subscribe: (userId: string, listener: (event: BusEvent) => void) => deps.bus.subscribe(userId, listener),

    /** Told when events from other processes may have been missed (the bus was cut off): replay then. */
    onMissed: (listener: () => void) => deps.bus.onMissed(listener),

    /**
     * Tells everyone watching a topic (`post:<id>`: the open comments of that post, signed in or
     * not). Not numbered and not stored: a watcher that reconnects reads the current state again.
     */
    async broadcast<Name extends EventName>(topic: string, name: Name, payload: EventPayload<Name>) {
      await deps.bus.publish(topic, { id: 0, name, payload }).catch((error: unknown) => deps.onError(error));
    },

    watch: (topic: string, listener: (event: BusEvent) => void) => deps.bus.subscribe(topic, listener),
  };
}

export type EventsService = ReturnType<typeof createEventsService>;

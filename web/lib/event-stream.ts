import { useEffect, useRef, useSyncExternalStore } from 'react';
import { limits } from '#common/limits.ts';
import { storageKeys } from '#common/storage-keys.ts';
import { apiBaseUrl } from './api-client.ts';
import { takePageEventsFrom } from './hydration.ts';
import { signOut } from './session.ts';

/** The spec's connection states (section 3, Event-stream connection state). */
export type StreamStatus = 'disconnected' | 'connecting' | 'connected';

export interface StreamEndpoint {
  name: string;
  url: string;
}

/** One event as received: its name, the endpoint it came from and its JSON data. */
export interface StreamEvent {
  id: number | null;
  type: string;
  endpoint: string;
  data: unknown;
}

export interface StreamState {
  /** The tab's `sse_id`: a random UUID made once per browser session. */
  sessionId: string;
  status: StreamStatus;
  endpoints: StreamEndpoint[];
  /** The newest events received, oldest first (a short window, for diagnostics). */
  received: StreamEvent[];
}

type EventCallback = (event: StreamEvent) => void;
/** `reconnected` is true when the stream had been open before and was lost: what it missed may need a refetch. */
type OpenCallback = (info: { reconnected: boolean }) => void;

const RECEIVED_WINDOW = 50;

interface RawEvent {
  id: string | null;
  event: string;
  data: string;
}

/**
 * A server-sent events parser (the WHATWG rules): lines end with CR, LF or CRLF, `data` lines join
 * with newlines, a blank line dispatches, comment lines (heartbeats) are skipped, `id` persists.
 */
export function createSseParser(onEvent: (event: RawEvent) => void) {
  let buffer = '';
  let data: string[] = [];
  let type = '';
  let id: string | null = null;
  let sawId = false;

  function line(text: string): void {
    if (text === '') {
      if (data.length > 0)
        onEvent({ id: sawId ? id : null, event: type || 'message', data: data.join('\n') });
      data = [];
      type = '';
      sawId = false;
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') type = value;
    else if (field === 'id' && !value.includes('\0')) {
      id = value;
      sawId = true;
    }
  }

  return {
    push(chunk: string): void {
      buffer += chunk;
      for (;;) {
        const match = /\r\n|\r|\n/.exec(buffer);
        // A lone CR at the very end may be the first half of CRLF: wait for the next chunk.
        if (!match || (match[0] === '\r' && match.index === buffer.length - 1)) return;
        line(buffer.slice(0, match.index));
        buffer = buffer.slice(match.index + match[0].length);
      }
    },
  };
}

function readSessionId(): string {
  try {
    const stored = window.sessionStorage.getItem(storageKeys.sseId);
    if (stored) return stored;
    const made = crypto.randomUUID();
    window.sessionStorage.setItem(storageKeys.sseId, made);
    return made;
  } catch {
    return crypto.randomUUID();
  }
}

export interface EventStreamOptions {
  endpoint: StreamEndpoint;
  reconnectMs?: number;
  /** Called on a 401: the session is over. */
  onUnauthorized?: () => void;
}

/**
 * The tab's one event stream. Opened with fetch so the bearer token travels in a header; after any
 * error or end it closes and tries again after `reconnectMs`, sending `Last-Event-ID` so the server
 * replays what was missed. Kept open while someone retains it; the last release closes it.
 */
export function createEventStream({
  endpoint,
  reconnectMs = limits.streamReconnectMs,
  onUnauthorized,
}: EventStreamOptions) {
  let state: StreamState = { sessionId: '', status: 'disconnected', endpoints: [endpoint], received: [] };
  const stateListeners = new Set<() => void>();
  const eventListeners = new Set<{ type: string; endpoint: string | undefined; callback: EventCallback }>();
  const openListeners = new Set<OpenCallback>();

  let token: string | null = null;
  let controller: AbortController | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let stopTimer: ReturnType<typeof setTimeout> | null = null;
  let lastEventId: string | null = null;
  let hasOpened = false;
  let retainers = 0;

  function setState(next: Partial<StreamState>): void {
    state = { ...state, ...next };
    for (const listener of stateListeners) listener();
  }

  function dispatch(event: StreamEvent): void {
    setState({ received: [...state.received.slice(-(RECEIVED_WINDOW - 1)), event] });
    for (const listener of eventListeners) {
      if (listener.type !== '*' && listener.type !== event.type) continue;
      if (listener.endpoint !== undefined && listener.endpoint !== event.endpoint) continue;
      try {
        listener.callback(event);
      } catch (error) {
        console.warn(`An '${event.type}' event listener failed`, error);
      }
    }
  }

  function receive(raw: RawEvent): void {
    if (raw.id !== null) lastEventId = raw.id;
    let data: unknown;
    try {
      data = JSON.parse(raw.data) as unknown;
    } catch (error) {
      console.warn(`Could not read an '${raw.event}' event`, error);
      return;
    }
    const numeric = raw.id === null ? Number.NaN : Number(raw.id);
    dispatch({
      id: Number.isFinite(numeric) ? numeric : null,
      type: raw.event,
      endpoint: endpoint.name,
      data,
    });
  }

  function scheduleReconnect(): void {
    if (retryTimer !== null || token === null) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, reconnectMs);
  }

  async function connect(): Promise<void> {
    if (token === null) return;
    const own = new AbortController();
    controller = own;
    setState({ status: 'connecting', sessionId: state.sessionId || readSessionId() });
    try {
      const headers = new Headers({ accept: 'text/event-stream', authorization: `Bearer ${token}` });
      // The first connection of an adopted page starts where that page's data ends (kept for a retry).
      if (lastEventId === null && !hasOpened) lastEventId = takePageEventsFrom();
      if (lastEventId !== null) headers.set('last-event-id', lastEventId);
      const url = new URL(endpoint.url, window.location.href);
      url.searchParams.set('session', state.sessionId);
      const response = await fetch(url.toString(), { headers, signal: own.signal, cache: 'no-store' });
      if (response.status === 401) {
        stop();
        onUnauthorized?.();
        return;
      }
      if (!response.ok || !response.body) throw new Error(`The event stream answered ${response.status}`);
      const reconnected = hasOpened;
      hasOpened = true;
      setState({ status: 'connected' });
      for (const listener of openListeners) listener({ reconnected });

      const parser = createSseParser(receive);
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.push(decoder.decode(value, { stream: true }));
      }
      throw new Error('The server closed the event stream');
    } catch (error) {
      if (own.signal.aborted || controller !== own) return;
      console.warn(`Event stream lost; trying again in ${reconnectMs / 1000} s`, error);
      controller = null;
      setState({ status: 'disconnected' });
      scheduleReconnect();
    }
  }

  function close(): void {
    if (retryTimer !== null) clearTimeout(retryTimer);
    retryTimer = null;
    const open = controller;
    controller = null;
    open?.abort();
  }

  /** Closes the stream and forgets the user (their event ids mean nothing to the next one). */
  function stop(): void {
    close();
    token = null;
    lastEventId = null;
    hasOpened = false;
    if (state.status !== 'disconnected') setState({ status: 'disconnected' });
  }

  return {
    getState: () => state,

    subscribeState(listener: () => void): () => void {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },

    /** Listens for one event name ('*' for every event), optionally from one endpoint only. */
    on(type: string, callback: EventCallback, endpointName?: string): () => void {
      const entry = { type, endpoint: endpointName, callback };
      eventListeners.add(entry);
      return () => eventListeners.delete(entry);
    },

    onOpen(callback: OpenCallback): () => void {
      openListeners.add(callback);
      return () => openListeners.delete(callback);
    },

    /**
     * Keeps the stream open for this signed-in user until the returned release is called. A new
     * token (another account) starts over; releasing and retaining again at once keeps the stream.
     */
    retain(nextToken: string): () => void {
      retainers += 1;
      if (stopTimer !== null) clearTimeout(stopTimer);
      stopTimer = null;
      if (token !== nextToken) {
        stop();
        token = nextToken;
        void connect();
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        retainers -= 1;
        if (retainers > 0) return;
        stopTimer = setTimeout(() => {
          stopTimer = null;
          if (retainers === 0) stop();
        }, 0);
      };
    },

    stop,
  };
}

export type EventStream = ReturnType<typeof createEventStream>;

/** The app's one stream per tab, at `/api/events`; a 401 signs out (spec section 8). */
export const eventStream = createEventStream({
  endpoint: { name: 'events', url: `${apiBaseUrl}/events` },
  onUnauthorized: signOut,
});

/** Keeps the tab's stream open while mounted with a signed-in token; a logout (null) closes it. */
export function useEventStreamConnection(
  token: string | null | undefined,
  stream: EventStream = eventStream,
) {
  useEffect(() => {
    if (!token) return;
    return stream.retain(token);
  }, [token, stream]);
}

/** Calls back for each event of one name; the latest callback is used without re-subscribing. */
export function useStreamEvent(
  type: string,
  callback: EventCallback,
  stream: EventStream = eventStream,
): void {
  const latest = useRef(callback);
  latest.current = callback;
  useEffect(() => stream.on(type, (event) => latest.current(event)), [type, stream]);
}

/** Calls back each time the stream opens, saying whether it is a reconnect. */
export function useStreamOpen(callback: OpenCallback, stream: EventStream = eventStream): void {
  const latest = useRef(callback);
  latest.current = callback;
  useEffect(() => stream.onOpen((info) => latest.current(info)), [stream]);
}

export function useStreamStatus(stream: EventStream = eventStream): StreamStatus {
  return useSyncExternalStore(
    stream.subscribeState,
    () => stream.getState().status,
    () => 'disconnected' as const,
  );
}

/** One parsed server-sent event. */
export interface SseEvent {
  id: number | null;
  event: string;
  data: unknown;
}

export interface SseStream {
  events: SseEvent[];
  status: number;
  /** Resolves with the first event (already received or still to come) that matches. */
  waitFor(match: (event: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  close(): void;
}

/** A real client for GET /api/events over HTTP, as the web app opens it: fetch with a bearer header. */
export function openEventStream(
  baseUrl: string,
  token: string,
  options: { lastEventId?: number } = {},
): Promise<SseStream> {
  return openSse(`${baseUrl}/api/events`, { token, ...options });
}

/** Any server-sent event stream, signed in (a bearer header) or not. */
export async function openSse(
  url: string,
  options: { token?: string; lastEventId?: number } = {},
): Promise<SseStream> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      accept: 'text/event-stream',
      ...(options.lastEventId ? { 'last-event-id': String(options.lastEventId) } : {}),
    },
    signal: controller.signal,
  });
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  if (response.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end = buffer.indexOf('\n\n');
          while (end !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const fields = new Map<string, string>();
            for (const line of block.split('\n')) {
              if (line.startsWith(':') || !line.includes(':')) continue;
              const at = line.indexOf(':');
              fields.set(line.slice(0, at), line.slice(at + 1).trimStart());
            }
            if (fields.has('data')) {
              events.push({
                id: fields.has('id') ? Number(fields.get('id')) : null,
                event: fields.get('event') ?? 'message',
                data: JSON.parse(fields.get('data') as string) as unknown,
              });
              for (const wake of waiters) wake();
            }
            end = buffer.indexOf('\n\n');
          }
        }
      } catch {
        // Aborted by close().
      }
    })();
  }
  return {
    events,
    status: response.status,
    waitFor(match, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event; got ${JSON.stringify(events.map((e) => e.event))}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => controller.abort(),
  };
}

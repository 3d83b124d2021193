import { json, type RecordedRequest, stubFetch } from '../../../test/fetch-stub.ts';

/** An open `/api/events` answer the test writes frames into, as the server would. */
export interface EventFeed {
  requests: RecordedRequest[];
  /** Writes one event (with an id) to the newest open stream. */
  send(name: string, data: unknown): void;
  /** Ends the newest stream, as a server restart does. */
  end(): void;
  streams(): number;
}

/**
 * Stubs fetch: `/api/events` answers a stream the test controls; everything else goes to
 * `respond` (JSON answers of the API).
 */
export function serveEvents(respond: (request: RecordedRequest) => Response | Promise<Response>): EventFeed {
  const encoder = new TextEncoder();
  const open: ReadableStreamDefaultController<Uint8Array>[] = [];
  let nextId = 1;
  const requests = stubFetch((request) => {
    if (!request.url.includes('/api/events')) return respond(request);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        open.push(controller);
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  });
  return {
    requests,
    send(name, data) {
      const id = nextId;
      nextId += 1;
      open.at(-1)?.enqueue(encoder.encode(`id: ${id}\nevent: ${name}\ndata: ${JSON.stringify(data)}\n\n`));
    },
    end() {
      open.at(-1)?.close();
    },
    streams: () => open.length,
  };
}

export { json };

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HEARTBEAT_MS } from '../../common/events.ts';
import { limits } from '../../common/limits.ts';
import type { BusEvent } from '../adapters/bus/bus.ts';

/** One server-sent event; an event with id 0 is not numbered (nothing replays it). */
export const sseFrame = (event: BusEvent): string =>
  `${event.id > 0 ? `id: ${event.id}\n` : ''}event: ${event.name}\ndata: ${JSON.stringify(event.payload)}\n\n`;

export interface OpenStream {
  write(text: string): void;
}

/**
 * The server-sent event streams of one plugin. `start` takes the reply over, writes the headers and
 * the reconnect delay, keeps the connection alive with a comment line every HEARTBEAT_MS, and calls
 * `cleanup` once when the client goes or the server closes: a stream never finishes by itself, so
 * all of them end when the server stops taking requests (or a rolling deploy would wait on them).
 */
export function eventStreams(app: FastifyInstance, onCount?: (open: number) => void) {
  const open = new Set<(closingServer?: boolean) => void>();
  app.addHook('preClose', async () => {
    for (const end of open) end(true);
  });
  return {
    start(request: FastifyRequest, reply: FastifyReply, cleanup: () => void): OpenStream {
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        ...app.apiSecurityHeaders,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      raw.write(`retry: ${limits.streamReconnectMs}\n\n`);
      const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
      let ended = false;
      const end = (closingServer = false) => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        cleanup();
        open.delete(end);
        onCount?.(open.size);
        // On shutdown the connection goes too, or its keep-alive would hold the process open.
        if (closingServer) raw.end(() => raw.socket?.destroy());
        else raw.end();
      };
      open.add(end);
      onCount?.(open.size);
      request.raw.on('close', () => end());
      return {
        write: (text) => {
          if (!ended) raw.write(text);
        },
      };
    },
  };
}

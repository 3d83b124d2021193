import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '#common/storage-keys.ts';
import { type RecordedRequest, stubFetch } from '../test/fetch-stub.ts';
import { createEventStream, createSseParser, type StreamEvent } from './event-stream.ts';
import { hasPageEventsFrom, setPageEventsFrom } from './hydration.ts';

/** A streamed answer the test writes to chunk by chunk, as a server would. */
interface OpenStream {
  request: RecordedRequest;
  write(text: string): void;
  end(): void;
}

function serveStreams(status = 200) {
  const streams: OpenStream[] = [];
  const encoder = new TextEncoder();
  const requests = stubFetch((request) => {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
      },
    });
    streams.push({
      request,
      write: (text) => controller.enqueue(encoder.encode(text)),
      end: () => controller.close(),
    });
    return new Response(status === 200 ? body : '{"message":"Unauthorized"}', {
      status,
      headers: { 'content-type': status === 200 ? 'text/event-stream' : 'application/json' },
    });
  });
  return { streams, requests };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

describe('the SSE parser', () => {
  it('joins data lines, keeps ids, skips comments and copes with any line ending split across chunks', () => {
    const events: { id: string | null; event: string; data: string }[] = [];
    const parser = createSseParser((event) => events.push(event));
    parser.push(': ping\n\nid: 7\nevent: message.created\ndata: {"a":');
    parser.push('1}\n\r');
    parser.push('\ndata: line one\r\ndata:line two\r\n\r\nretry: 5000\n\n');
    expect(events).toEqual([
      { id: '7', event: 'message.created', data: '{"a":1}' },
      { id: null, event: 'message', data: 'line one\nline two' },
    ]);
  });
});

describe('the event stream', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('opens with the bearer token in a header, moves through the spec states and hands events to listeners', async () => {
    const { streams } = serveStreams();
    const stream = createEventStream({ endpoint: { name: 'events', url: '/api/events' } });
    const statuses: string[] = [];
    stream.subscribeState(() => {
      const { status } = stream.getState();
      if (statuses.at(-1) !== status) statuses.push(status);
    });
    const created: StreamEvent[] = [];
    const everything: StreamEvent[] = [];
    stream.on('message.created', (event) => created.push(event));
    stream.on('*', (event) => everything.push(event));
    stream.on(
      'message.created',
      () => everything.push({ id: -1, type: 'x', endpoint: 'x', data: null }),
      'other',
    );

    const release = stream.retain('token-1');
    await settle();
    expect(streams).toHaveLength(1);
    const [first] = streams;
    expect(first?.request.headers.get('authorization')).toBe('Bearer token-1');
    expect(first?.request.headers.get('last-event-id')).toBeNull();
    expect(statuses).toEqual(['connecting', 'connected']);

    // The tab's session id: made once, kept in session storage, sent with the connection.
    const sessionId = sessionStorage.getItem(storageKeys.sseId);
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(stream.getState().sessionId).toBe(sessionId);
    expect(first?.request.url).toContain(`session=${sessionId}`);

    first?.write('retry: 5000\n\nid: 3\nevent: message.created\ndata: {"message":{"id":"m1"}}\n\n');
    first?.write('event: ready\ndata: {"lastEventId":3}\n\n');
    await settle();
    expect(created).toEqual([
      { id: 3, type: 'message.created', endpoint: 'events', data: { message: { id: 'm1' } } },
    ]);
    expect(everything.map((event) => event.type)).toEqual(['message.created', 'ready']);
    expect(stream.getState().received).toHaveLength(2);
    release();
    await settle();
    expect(stream.getState().status).toBe('disconnected');
  });

  it('logs an event it cannot read and goes on', async () => {
    const { streams } = serveStreams();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const stream = createEventStream({ endpoint: { name: 'events', url: '/api/events' } });
    const seen: unknown[] = [];
    stream.on('notification', (event) => seen.push(event.data));
    stream.retain('t');
    await settle();
    streams[0]?.write('event: notification\ndata: {not json\n\nevent: notification\ndata: {"ok":true}\n\n');
    await settle();
    expect(seen).toEqual([{ ok: true }]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("'notification'"), expect.anything());
    stream.stop();
  });

  it('after the stream drops, waits 5 seconds and reconnects with Last-Event-ID, saying it is a reconnect', async () => {
    const { streams } = serveStreams();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const stream = createEventStream({ endpoint: { name: 'events', url: '/api/events' } });
    const opens: boolean[] = [];
    stream.onOpen(({ reconnected }) => opens.push(reconnected));
    stream.retain('t');
    await settle();
    streams[0]?.write('id: 41\nevent: message.read\ndata: {}\n\n');
    await settle();
    streams[0]?.end();
    await settle();
    expect(stream.getState().status).toBe('disconnected');

    await vi.advanceTimersByTimeAsync(4999);
    expect(streams).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(streams).toHaveLength(2);
    expect(streams[1]?.request.headers.get('last-event-id')).toBe('41');
    expect(stream.getState().status).toBe('connected');
    expect(opens).toEqual([false, true]);
    stream.stop();
  });

  it("starts where the adopted page's data ends, keeps that place through a failed first try, then goes by what it received", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { streams } = serveStreams();
    const served = globalThis.fetch;
    // The first try fails before anything is received.
    const firstTry: Headers[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
      if (firstTry.length > 0) return served(input, init);
      firstTry.push(new Headers(init.headers));
      throw new TypeError('Failed to fetch');
    });
    setPageEventsFrom('120');
    expect(hasPageEventsFrom()).toBe(true);
    const stream = createEventStream({ endpoint: { name: 'events', url: '/api/events' } });
    stream.retain('t');
    await settle();
    expect(firstTry[0]?.get('last-event-id')).toBe('120');
    // Taken by the first connection: the page's place is not anyone's later.
    expect(hasPageEventsFrom()).toBe(false);
    await vi.advanceTimersByTimeAsync(5000);
    expect(streams[0]?.request.headers.get('last-event-id')).toBe('120');
    streams[0]?.write('id: 130\nevent: message.read\ndata: {}\n\n');
    await settle();
    streams[0]?.end();
    await vi.advanceTimersByTimeAsync(5000);
    expect(streams[1]?.request.headers.get('last-event-id')).toBe('130');
    stream.stop();

    // A page with no place (or a malformed one) starts the stream without Last-Event-ID.
    setPageEventsFrom('12a');
    expect(hasPageEventsFrom()).toBe(false);
    stream.retain('t');
    await settle();
    expect(streams[2]?.request.headers.has('last-event-id')).toBe(false);
    stream.stop();
  });

  it('keeps retrying every 5 seconds while the server cannot be reached', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let calls = 0;
    vi.stubGlobal('fetch', async () => {
      calls += 1;
      throw new TypeError('Failed to fetch');
    });
    const stream = createEventStream({ endpoint: { name: 'events', url: '/api/events' } });
    stream.retain('t');
    await settle();
    expect(calls).toBe(1);
    expect(stream.getState().status).toBe('disconnected');
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toBe(3);
    expect(warn).toHaveBeenCalledTimes(3);
    stream.stop();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(calls).toBe(3);
  });

  it('stops and signs out on a 401', async () => {
    const { requests } = serveStreams(401);
    const onUnauthorized = vi.fn();
    const stream = createEventStream({ endpoint: { name: 'events', url: '/api/events' }, onUnauthorized });
    stream.retain('expired');
    await settle();
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(stream.getState().status).toBe('disconnected');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(requests).toHaveLength(1);
  });

  it('holds one connection however many parts of the page retain it, and starts over for another account', async () => {
    const { streams } = serveStreams();
    const stream = createEventStream({ endpoint: { name: 'events', url: '/api/events' } });
    const releaseBell = stream.retain('a');
    const releaseChat = stream.retain('a');
    await settle();
    expect(streams).toHaveLength(1);
    streams[0]?.write('id: 9\nevent: notification\ndata: {}\n\n');
    releaseChat();
    await settle();
    expect(stream.getState().status).toBe('connected');
    // A release followed at once by a retain (a re-render) keeps the same connection.
    releaseBell();
    const again = stream.retain('a');
    await settle();
    expect(streams).toHaveLength(1);
    again();
    await settle();
    expect(stream.getState().status).toBe('disconnected');

    // Another account: a fresh stream, without the previous account's event id.
    stream.retain('b');
    await settle();
    expect(streams).toHaveLength(2);
    expect(streams[1]?.request.headers.get('authorization')).toBe('Bearer b');
    expect(streams[1]?.request.headers.get('last-event-id')).toBeNull();
    stream.stop();
  });
});

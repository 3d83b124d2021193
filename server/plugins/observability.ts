import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { QueueCounts } from '../adapters/queue.ts';
import { unauthorized } from '../errors.ts';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's `genReqId`: the X-Request-Id a trusted proxy sent (TRUST_PROXY), else a UUID, so ids
 * are unique across processes and one request can be followed from the proxy's log to ours.
 */
export function requestIdGenerator(trustProxy: boolean | string): (request: IncomingMessage) => string {
  let trusted: (address: string | undefined) => boolean = () => trustProxy === true;
  if (typeof trustProxy === 'string') {
    const list = new BlockList();
    for (const entry of trustProxy.split(',').map((item) => item.trim())) {
      const [address, bits] = entry.split('/');
      const family = isIP(address ?? '') === 6 ? 'ipv6' : 'ipv4';
      if (!address || !isIP(address)) continue;
      if (bits) list.addSubnet(address, Number(bits), family);
      else list.addAddress(address, family);
    }
    trusted = (address) => {
      if (!address) return false;
      const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
      return list.check(plain, isIP(plain) === 6 ? 'ipv6' : 'ipv4');
    };
  }
  return (request) => {
    const given = request.headers['x-request-id'];
    if (typeof given === 'string' && REQUEST_ID.test(given) && trusted(request.socket.remoteAddress)) {
      return given;
    }
    return randomUUID();
  };
}

export interface ObservabilityOptions {
  /** Bearer token /api/metrics asks for; null: the endpoint does not exist. */
  metricsToken: string | null;
  openStreams(): number;
  jobCounts(): Promise<QueueCounts[]>;
  databasePool(): { total: number; idle: number; waiting: number } | null;
  /** Whether each outside dependency answers now (a ping each; `redis` absent when none is set). */
  dependencies(): Promise<Record<string, boolean>>;
  /** The newest payout reconciliation (differences by kind; provider balance short per currency). */
  payoutReconcile(): Promise<{
    ranAt: Date;
    differences: { kind: string }[];
    balances: { currency: string; short: boolean }[];
  } | null>;
}

/** Echoes the request id, and serves Prometheus metrics at /api/metrics behind METRICS_TOKEN. */
export default fp(
  async function observabilityPlugin(app: FastifyInstance, options: ObservabilityOptions) {
    app.addHook('onSend', async (request, reply, payload) => {
      reply.header('x-request-id', request.id);
      return payload;
    });
    if (!options.metricsToken) return;
    const expected = Buffer.from(`Bearer ${options.metricsToken}`);

    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by route and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
    });
    const latency = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route',
      labelNames: ['method', 'route'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    new Gauge({
      name: 'event_streams_open',
      help: 'Server-sent event streams open on this process',
      registers: [registry],
      collect() {
        this.set(options.openStreams());
      },
    });
    new Gauge({
      name: 'jobs',
      help: 'Background jobs by queue and state',
      labelNames: ['queue', 'state'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const queue of await options.jobCounts().catch(() => [])) {
          this.set({ queue: queue.name, state: 'queued' }, queue.queued);
          this.set({ queue: queue.name, state: 'active' }, queue.active);
          this.set({ queue: queue.name, state: 'failed' }, queue.failed);
        }
      },
    });
    new Gauge({
      name: 'database_pool_connections',
      help: 'PostgreSQL pool connections by state (absent on the embedded database)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.reset();
        const pool = options.databasePool();
        if (!pool) return;
        this.set({ state: 'total' }, pool.total);
        this.set({ state: 'idle' }, pool.idle);
        this.set({ state: 'waiting' }, pool.waiting);
      },
    });

    new Gauge({
      name: 'dependency_up',
      help: 'Whether an outside dependency answers (1) or not (0): database, redis',
      labelNames: ['dependency'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        const states = await options.dependencies().catch(() => ({}));
        for (const [dependency, up] of Object.entries(states)) this.set({ dependency }, up ? 1 : 0);
      },
    });
    new Gauge({
      name: 'payout_reconcile_differences',
      help: 'Payouts that differ from the provider in the newest reconciliation, by kind',
      labelNames: ['kind'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        const report = await options.payoutReconcile().catch(() => null);
        if (!report) return;
        for (const kind of ['unknown_to_us', 'missing_at_provider', 'status', 'amount', 'paid_twice'])
          this.set({ kind }, report.differences.filter((difference) => difference.kind === kind).length);
      },
    });
    new Gauge({
      name: 'payout_provider_balance_short',
      help: "1 when the provider's balance is below the payouts due in a currency (newest reconciliation)",
      labelNames: ['currency'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        const report = await options.payoutReconcile().catch(() => null);
        for (const check of report?.balances ?? [])
          this.set({ currency: check.currency }, check.short ? 1 : 0);
      },
    });
    new Gauge({
      name: 'payout_reconcile_last_run_seconds',
      help: 'When the newest payout reconciliation ran (Unix time; 0 before the first)',
      registers: [registry],
      async collect() {
        this.reset();
        const report = await options.payoutReconcile().catch(() => null);
        if (report) this.set(report.ranAt.getTime() / 1000);
      },
    });

    app.addHook('onResponse', async (request, reply) => {
      // The route's pattern, not the URL: ids in paths would make a series per user.
      const route = request.routeOptions.url ?? 'unmatched';
      if (route === '/api/metrics') return;
      requests.inc({ method: request.method, route, status: String(reply.statusCode) });
      latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    });

    app.get('/api/metrics', { logLevel: 'warn', schema: { hide: true } }, async (request, reply) => {
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw unauthorized('A metrics token is needed');
      }
      return reply.type(registry.contentType).send(await registry.metrics());
    });
  },
  { name: 'observability' },
);

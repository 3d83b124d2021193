/**
 * The load side of the HTTP benchmarks, run as its own process (its own core) so the server's
 * event loop is not also the client's. One task per run, given as JSON; prints one JSON line.
 *
 * - throughput: autocannon with N keep-alive connections for a fixed time, after a short warm-up.
 * - latency: URLs requested one at a time over one keep-alive connection, interleaved, each timed.
 */
import { Agent, get } from 'node:http';
import autocannon from 'autocannon';

export type LoadTask =
  | {
      kind: 'throughput';
      url: string;
      connections: number;
      seconds: number;
      warmupSeconds: number;
      headers?: Record<string, string>;
    }
  | { kind: 'latency'; urls: string[]; rounds: number; headers?: Record<string, string> };

export interface ThroughputResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  total: number;
  non2xx: number;
  errors: number;
}

export interface LatencyResult {
  /** Per URL, in the order given: the median and p90 of its request times. */
  medianMs: number[];
  p90Ms: number[];
}

async function throughput(task: Extract<LoadTask, { kind: 'throughput' }>): Promise<ThroughputResult> {
  const headers = task.headers ?? {};
  if (task.warmupSeconds > 0)
    await autocannon({ url: task.url, connections: task.connections, duration: task.warmupSeconds, headers });
  const result = await autocannon({
    url: task.url,
    connections: task.connections,
    duration: task.seconds,
    headers,
  });
  return {
    requestsPerSecond: result.requests.total / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function timedGet(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    get(url, { agent, headers }, (response) => {
      response.resume();
      response.on('end', () => {
        if (response.statusCode !== 200) reject(new Error(`${url}: ${response.statusCode}`));
        else resolve(Number(process.hrtime.bigint() - started) / 1e6);
      });
    }).on('error', reject);
  });
}

const at = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function latency(task: Extract<LoadTask, { kind: 'latency' }>): Promise<LatencyResult> {
  const times = task.urls.map(() => [] as number[]);
  const headers = task.headers ?? {};
  for (const url of task.urls) for (let i = 0; i < 20; i += 1) await timedGet(url, headers); // warm-up
  for (let round = 0; round < task.rounds; round += 1) {
    for (const [index, url] of task.urls.entries()) times[index]?.push(await timedGet(url, headers));
  }
  const sorted = times.map((list) => list.sort((a, b) => a - b));
  return { medianMs: sorted.map((list) => at(list, 0.5)), p90Ms: sorted.map((list) => at(list, 0.9)) };
}

const task = JSON.parse(process.argv[2] ?? '{}') as LoadTask;
const result = task.kind === 'throughput' ? await throughput(task) : await latency(task);
agent.destroy();
process.stdout.write(`${JSON.stringify(result)}\n`);

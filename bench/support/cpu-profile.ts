/**
 * A CPU profile of this process while `run` runs (the inspector's Profiler, the same profile
 * `node --cpu-prof` writes), and where its time went: self time grouped by layer (Fastify, zod and
 * serialization, the pg driver or PGlite, drizzle, our server code by folder, node core, V8).
 */
import { writeFileSync } from 'node:fs';
import type { Profiler } from 'node:inspector';
import { Session } from 'node:inspector/promises';

export interface ProfileSummary {
  /** The .cpuprofile written (open it in Chrome DevTools or VS Code). */
  file: string;
  /** Milliseconds profiled, and those of them not idle (nor the profiler's own). */
  totalMs: number;
  busyMs: number;
  /** Of busyMs, the layers a bare server does without: Fastify, zod, drizzle, pino and our code. */
  ownMs: number;
  /** Layers by self time, largest first. */
  layers: { layer: string; ms: number }[];
  /** The functions with most self time: name, file:line and layer. */
  functions: { name: string; where: string; layer: string; ms: number }[];
}

const FASTIFY =
  /^(fastify|@fastify\/.*|find-my-way|avvio|light-my-request|fast-querystring|fast-decode-uri-component|secure-json-parse|content-type|process-warning|toad-cache|abstract-logging|fastify-plugin)$/;
const SERIALIZATION =
  /^(zod|fastify-type-provider-zod|fast-json-stringify|ajv|fast-uri|json-schema-ref-resolver)$/;
const SOCKET = /^(writev|writeBuffer|write(Utf8|Latin1|Ascii|Ucs2)String|readStart|readStop|shutdown)$/;
const PG = /^(pg|pg-.*|postgres-.*|pgpass)$/;

/** Layers of the app that a bare server (node:http and a driver) does not have. */
export const appOnly = (layer: string) =>
  ['fastify', 'validation and serialization (zod)', 'drizzle', 'logging (pino)'].includes(layer) ||
  layer.startsWith('our code');

/** The layer a frame's self time belongs to. */
export function layerOf(frame: Profiler.ProfileNode['callFrame']): string {
  const { url, functionName } = frame;
  if (functionName === '(idle)') return 'idle';
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (functionName === '(program)' || functionName === '(root)') return 'V8 and native code';
  if (url === 'node:inspector') return 'the profiler itself';
  if (url === '' && SOCKET.test(functionName)) return 'socket reads and writes (native)';
  if (url === '') return 'V8 builtins and native bindings (JSON, strings, fs)';
  if (url.startsWith('wasm://')) return 'PGlite (the database)';
  if (url.startsWith('node:')) return 'node core (http, net, streams)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) {
    if (FASTIFY.test(pkg)) return 'fastify';
    if (SERIALIZATION.test(pkg)) return 'validation and serialization (zod)';
    if (PG.test(pkg)) return 'pg driver';
    if (pkg === 'drizzle-orm') return 'drizzle';
    if (pkg === '@electric-sql/pglite') return 'PGlite (the database)';
    if (pkg === 'pino' || pkg.startsWith('pino-')) return 'logging (pino)';
    return `package ${pkg}`;
  }
  const ours = /\/(server|common)\/(?:([^/]+)\/)?/.exec(url);
  if (ours) return ours[1] === 'common' ? 'our code: common' : `our code: server/${ours[2] ?? ''}`;
  if (url.includes('/bench/')) return 'the bench itself';
  return 'other';
}

/** Profiles this process while `run` runs; writes the profile to `file` and sums it up. */
export async function profileWhile(file: string, run: () => Promise<unknown>): Promise<ProfileSummary> {
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
    const failed = await run().then(
      () => null,
      (error: unknown) => ({ error }),
    );
    const { profile } = await session.post('Profiler.stop');
    if (failed) throw failed.error;
    writeFileSync(file, JSON.stringify(profile));
    return summarize(file, profile);
  } finally {
    session.disconnect();
  }
}

function summarize(file: string, profile: Profiler.Profile): ProfileSummary {
  const selfUs = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (const [index, id] of samples.entries()) selfUs.set(id, (selfUs.get(id) ?? 0) + (deltas[index] ?? 0));
  const layers = new Map<string, number>();
  const functions = new Map<string, { name: string; where: string; layer: string; ms: number }>();
  let busyUs = 0;
  for (const node of profile.nodes) {
    const us = selfUs.get(node.id) ?? 0;
    const layer = layerOf(node.callFrame);
    if (us === 0 || layer === 'idle' || layer === 'the profiler itself') continue;
    busyUs += us;
    layers.set(layer, (layers.get(layer) ?? 0) + us);
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url
      ? `${url.replace(/^file:\/\/.*?\/(node_modules|server|common|bench)\//, '$1/')}:${lineNumber + 1}`
      : '';
    const key = `${functionName}@${where}`;
    const entry = functions.get(key) ?? { name: functionName || '(anonymous)', where, layer, ms: 0 };
    entry.ms += us / 1000;
    functions.set(key, entry);
  }
  return {
    file,
    totalMs: deltas.reduce((sum, delta) => sum + delta, 0) / 1000,
    busyMs: busyUs / 1000,
    ownMs: [...layers].reduce((sum, [layer, us]) => sum + (appOnly(layer) ? us : 0), 0) / 1000,
    layers: [...layers].map(([layer, us]) => ({ layer, ms: us / 1000 })).sort((a, b) => b.ms - a.ms),
    functions: [...functions.values()].sort((a, b) => b.ms - a.ms).slice(0, 10),
  };
}

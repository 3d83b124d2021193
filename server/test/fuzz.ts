import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';

/**
 * Requests generated from the app's own OpenAPI document (`/api/openapi.json`): for every operation,
 * path parameters, query strings and JSON bodies built from its schema, then broken on purpose
 * (wrong types, missing and extra fields, huge and empty strings, control characters, unicode,
 * `__proto__` and `constructor` keys, negative and huge numbers, bad cursors and ids). Used by
 * server/routes/hardening/fuzz.test.ts (bounded) and scripts/fuzz.ts (`npm run fuzz`).
 */

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  additionalProperties?: boolean | JsonSchema;
};

interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  query: Record<string, JsonSchema>;
  body: JsonSchema | null;
  multipart: boolean;
}

export interface FuzzActor {
  name: string;
  token: string | null;
  /** Only reads (an admin: its writes may rightly change other users' data). */
  readOnly?: boolean;
}

export interface FuzzContext {
  /** Ids and handles of real objects (the victim's among them), mixed into generated values. */
  ids: string[];
  actors: FuzzActor[];
  /** `METHOD /path` operations left out for signed-in actors (they end the actor's session). */
  visitorOnly: string[];
  /** `METHOD /path` operations never called: event streams anyone may open, which stay open. */
  notCalled: string[];
}

export interface FuzzReport {
  requests: number;
  byClass: Record<'2xx' | '3xx' | '4xx' | '5xx', number>;
  /** The first few server errors, enough to reproduce each. */
  serverErrors: { method: string; url: string; actor: string; status: number; body: string }[];
}

export function operationsOf(openapi: {
  paths: Record<string, Record<string, { parameters?: unknown[]; requestBody?: unknown }>>;
}): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(openapi.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = (operation.parameters ?? []) as { in: string; name: string; schema?: JsonSchema }[];
      const content = (
        operation.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined
      )?.content;
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: Object.fromEntries(
          parameters.filter((p) => p.in === 'query').map((p) => [p.name, p.schema ?? {}]),
        ),
        body: content?.['application/json']?.schema ?? null,
        multipart: Boolean(content?.['multipart/form-data']) || path.startsWith('/api/media/upload/'),
      });
    }
  }
  return operations;
}

const CONTROL = ['\u0000', '\u0001', '\u0007', '\u001b', '\u007f', '\u0085', '\u009f'];
const UNICODE = [
  'é',
  'ß',
  '中文',
  '👩‍💻',
  '\u202e',
  '\ufeff',
  '\ud800',
  '\udfff',
  '\u200b',
  'ｆｕｌｌ',
  '\u0301',
];
const KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '$where', ''];

/** Strings of every kind an attacker would try. */
function hostileString(ids: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string(),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.constantFrom(...ids),
    fc.constantFrom(...ids).map((id) => `${id}/../${id}`),
    fc.uuid(),
    fc.constantFrom(
      '',
      ' ',
      '0',
      '-1',
      'null',
      'undefined',
      'NaN',
      'true',
      '[]',
      '{}',
      '%00',
      '../../etc/passwd',
    ),
    fc.constantFrom(...KEYS),
    fc
      .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...CONTROL), fc.string({ maxLength: 8 }))
      .map((p) => p.join('')),
    fc.tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...UNICODE)).map((p) => p.join('')),
    fc.integer({ min: 1, max: 20 }).map((n) => 'a'.repeat(n * 5_000)),
    fc.base64String({ maxLength: 80 }),
    fc.constantFrom(
      Buffer.from('{"id":"x"}').toString('base64url'),
      Buffer.from('null').toString('base64url'),
      Buffer.from('{"__proto__":{"id":"x"}}').toString('base64url'),
      Buffer.from('{"at":"not a time","id":"0"}').toString('base64url'),
      Buffer.from('{"f":"1e309|x","o":"end"}').toString('base64url'),
    ),
    fc.constantFrom('2026-13-45', '1970-01-01', '9999-12-31T23:59:59Z', '-1', '1e309'),
    fc.webUrl(),
    fc.emailAddress(),
  );
}

function hostileNumber(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.integer(),
    fc.constantFrom(-1, 0, 1, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, -1e308, 0.5, -0.0001),
    fc.double(),
    fc.constantFrom('1', '-1', '1e999', 'NaN', 'Infinity', '0x10', ''),
  );
}

function anyJson(ids: string[]): fc.Arbitrary<unknown> {
  const { value } = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constant(null),
      fc.boolean(),
      hostileNumber(),
      hostileString(ids),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom(...KEYS)), tie('value'), {
        maxKeys: 4,
      }),
    ),
  }));
  return value;
}

/** A value that fits the schema most of the time, and breaks it the rest. */
function valueFor(schema: JsonSchema | undefined, ids: string[], depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return anyJson(ids);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((s) => valueFor(s, ids, depth + 1)));
  if (schema.allOf?.length) return valueFor(schema.allOf[0], ids, depth + 1);
  let fitting: fc.Arbitrary<unknown>;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (schema.enum?.length) fitting = fc.constantFrom(...schema.enum);
  else if (schema.const !== undefined) fitting = fc.constant(schema.const);
  else if (type === 'string') fitting = hostileString(ids);
  else if (type === 'integer' || type === 'number') fitting = hostileNumber();
  else if (type === 'boolean') fitting = fc.boolean();
  else if (type === 'array') fitting = fc.array(valueFor(schema.items, ids, depth + 1), { maxLength: 5 });
  else if (type === 'object' || schema.properties) fitting = objectFor(schema, ids, depth + 1);
  else fitting = anyJson(ids);
  return fc.oneof({ weight: 4, arbitrary: fitting }, { weight: 1, arbitrary: anyJson(ids) });
}

function objectFor(schema: JsonSchema, ids: string[], depth: number): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {});
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, property] of properties) record[key] = valueFor(property, ids, depth);
  const base = properties.length
    ? fc.record(record, { requiredKeys: [] })
    : fc.dictionary(fc.string({ maxLength: 8 }), anyJson(ids), { maxKeys: 3 });
  // Extra fields, prototype keys among them (set as own properties, as JSON.parse would).
  return fc
    .tuple(
      base,
      fc.option(fc.tuple(fc.constantFrom(...KEYS, 'extra', 'role', 'isAdmin', 'userId'), anyJson(ids))),
    )
    .map(([object, extra]) => {
      const result = { ...(object as Record<string, unknown>) };
      if (extra) Object.defineProperty(result, extra[0], { value: extra[1], enumerable: true });
      return result;
    });
}

function multipartBodies(): fc.Arbitrary<{ payload: Buffer; contentType: string }> {
  const boundary = 'fuzzboundary';
  const head = (name: string, filename: string, type: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return fc.oneof(
    fc
      .tuple(
        fc.constantFrom('file', 'other', '__proto__', 'constructor'),
        fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('a.jpg', '../../x.jpg', 'a\u0000.jpg')),
        fc.constantFrom('image/jpeg', 'image/png', 'application/pdf', 'text/html', ''),
        fc.uint8Array({ maxLength: 2_000 }),
        fc.boolean(),
      )
      .map(([name, filename, type, bytes, close]) => ({
        payload: Buffer.concat([
          Buffer.from(head(name, filename, type), 'latin1'),
          Buffer.from(bytes),
          Buffer.from(close ? `\r\n--${boundary}--\r\n` : ''),
        ]),
        contentType: `multipart/form-data; boundary=${boundary}`,
      })),
    fc
      .tuple(
        fc.uint8Array({ maxLength: 500 }),
        fc.constantFrom(
          'multipart/form-data',
          `multipart/form-data; boundary=${boundary}`,
          'multipart/mixed; boundary=""',
        ),
      )
      .map(([bytes, contentType]) => ({ payload: Buffer.from(bytes), contentType })),
  );
}

/** Percent-encoded; a lone surrogate becomes bytes that are not UTF-8 at all, and `%%` a stray percent. */
function encodePathPart(value: string): string {
  if (value === '%%') return '%zz%';
  try {
    return encodeURIComponent(value);
  } catch {
    return `${encodeURIComponent(value.replace(/[\ud800-\udfff]/g, ''))}%ED%A0%80%C0%AF`;
  }
}

/** One generated request: an operation, the actor sending it, and its parts. */
export function requestArbitrary(
  operations: Operation[],
  context: FuzzContext,
): fc.Arbitrary<{
  actor: FuzzActor;
  options: InjectOptions;
  label: string;
}> {
  const called = operations.filter(
    (operation) => !context.notCalled.includes(`${operation.method} ${operation.path}`),
  );
  const perOperation = called.map((operation) => {
    const key = `${operation.method} ${operation.path}`;
    const actors = context.actors.filter(
      (actor) =>
        (actor.token === null || !context.visitorOnly.includes(key)) &&
        (!actor.readOnly || operation.method === 'GET'),
    );
    const params = fc.tuple(...operation.pathParams.map(() => hostileString(context.ids)));
    const query = fc.record(
      Object.fromEntries(
        Object.entries(operation.query).map(([name, schema]) => [name, valueFor(schema, context.ids)]),
      ),
      { requiredKeys: [] },
    );
    const extraQuery = fc.option(
      fc.tuple(fc.constantFrom(...KEYS, 'q', 'cursor', 'limit'), hostileString(context.ids)),
    );
    const body = operation.multipart
      ? multipartBodies().map((b) => ({ raw: b }))
      : operation.body
        ? fc.oneof(
            { weight: 5, arbitrary: valueFor(operation.body, context.ids).map((json) => ({ json })) },
            { weight: 1, arbitrary: fc.string({ maxLength: 50 }).map((text) => ({ text })) },
          )
        : fc.option(anyJson(context.ids)).map((json) => (json === null ? {} : { json }));
    return fc
      .tuple(
        fc.constantFrom(...actors),
        params,
        query,
        extraQuery,
        body,
        fc.integer({ min: 1, max: 2 ** 24 }),
      )
      .map(([actor, values, queryValues, extra, payload, ip]) => {
        let url = operation.path;
        operation.pathParams.forEach((name, index) => {
          url = url.replace(`{${name}}`, encodePathPart(String(values[index])));
        });
        const search = new URLSearchParams();
        for (const [name, value] of Object.entries(queryValues)) {
          if (value !== undefined)
            search.append(name, typeof value === 'string' ? value : JSON.stringify(value));
        }
        if (extra) search.append(extra[0], extra[1]);
        const queryString = search.toString();
        const headers: Record<string, string> = actor.token ? { authorization: `Bearer ${actor.token}` } : {};
        const options: InjectOptions = {
          method: operation.method as InjectOptions['method'],
          url: queryString ? `${url}?${queryString}` : url,
          headers,
          // A different address per request, so per-address limits answer 429 rarely and the handlers run.
          remoteAddress: `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
        };
        if ('raw' in payload && payload.raw) {
          headers['content-type'] = payload.raw.contentType;
          options.payload = payload.raw.payload;
        } else if ('json' in payload && payload.json !== undefined) {
          headers['content-type'] = 'application/json';
          options.payload = JSON.stringify(payload.json);
        } else if ('text' in payload && payload.text !== undefined) {
          headers['content-type'] = 'application/json';
          options.payload = payload.text;
        }
        return { actor, options, label: key };
      });
  });
  return fc.oneof(...perOperation);
}

/** Sends `count` generated requests (in seeded batches) and counts the answers by class. */
export async function runFuzz(
  app: FastifyInstance,
  context: FuzzContext,
  options: { count: number; seed: number; onProgress?: (report: FuzzReport) => void },
): Promise<FuzzReport> {
  const openapi = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  const operations = operationsOf(openapi);
  const arbitrary = requestArbitrary(operations, context);
  const report: FuzzReport = {
    requests: 0,
    byClass: { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 },
    serverErrors: [],
  };
  const batch = 250;
  for (let start = 0; start < options.count; start += batch) {
    const requests = fc.sample(arbitrary, {
      numRuns: Math.min(batch, options.count - start),
      seed: options.seed + start,
    });
    for (const request of requests) {
      const response = await app.inject(request.options);
      report.requests += 1;
      const status = response.statusCode;
      const statusClass =
        `${Math.min(5, Math.max(2, Math.floor(status / 100)))}xx` as keyof FuzzReport['byClass'];
      report.byClass[statusClass] += 1;
      if (status >= 500 && report.serverErrors.length < 20) {
        report.serverErrors.push({
          method: String(request.options.method),
          url: String(request.options.url).slice(0, 300),
          actor: request.actor.name,
          status,
          body: String(request.options.payload ?? '').slice(0, 300),
        });
      }
    }
    options.onProgress?.(report);
  }
  return report;
}

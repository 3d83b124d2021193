/**
 * The bare line of `npm run bench:feed`: each feed endpoint's own statements, served with nothing
 * else. The statements are the ones the app sent to the database for one request of the endpoint
 * (`captureStatements`), with the same text, prepared statement name and values; the bare server
 * runs them in the same order on `node:http` and sends the rows as JSON, without a framework,
 * validation, presenters or any session check beyond the app's own session statement (run with the
 * hash of the request's bearer token; no row, 401).
 *
 * On PostgreSQL it has its own `pg` pool of the app's size (10), preparing each statement under the
 * app's name as node-postgres does for the app. An embedded PGlite can only be reached inside the
 * process that opened it: there the bare server runs each statement through the app's own handle
 * (`SqlExecutor`, PGlite's `query`, the call the app's driver makes).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { SqlExecutor } from '../../server/db/client.ts';
import { sha256 } from '../../server/lib/secrets.ts';

/** One statement as the app sent it: its prepared statement name (node-postgres only), text and values. */
export interface CapturedStatement {
  name?: string;
  text: string;
  values: unknown[];
}

/** What a bare endpoint runs per request. */
export interface BareRoute {
  /** The app's statements for one request, in the order it ran them. */
  statements: CapturedStatement[];
  /**
   * The session token hash among the statements' values (signed-in endpoints): replaced by the hash
   * of the request's bearer token, and a statement carrying it that finds no row answers 401.
   */
  sessionHash?: string;
}

type Query = (...args: unknown[]) => unknown;

/**
 * The statements the app sends to the database while `during` runs: node-postgres's client calls on
 * PostgreSQL, PGlite's `query` on the embedded database. Nothing else may use the database then.
 */
export async function captureStatements(
  driver: 'pglite' | 'postgres',
  during: () => Promise<void>,
): Promise<CapturedStatement[]> {
  const captured: CapturedStatement[] = [];
  const proto = (driver === 'postgres' ? pg.Client.prototype : PGlite.prototype) as unknown as {
    query: Query;
  };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const [config, values] = args;
    if (typeof config === 'string') {
      captured.push({ text: config, values: Array.isArray(values) ? [...values] : [] });
    } else if (config && typeof config === 'object' && 'text' in config) {
      const { name, text, values: own } = config as { name?: string; text: string; values?: unknown[] };
      captured.push({
        ...(name ? { name } : {}),
        text,
        values: [...(Array.isArray(values) ? values : (own ?? []))],
      });
    }
    return original.apply(this, args);
  };
  try {
    await during();
  } finally {
    proto.query = original;
  }
  return captured;
}

export interface BareFeedServer {
  url: string;
  /** Serves `route` at `path` (no query string). */
  route(path: string, route: BareRoute): void;
  close(): Promise<void>;
}

const BEARER = /^Bearer\s+(\S+)\s*$/;

/**
 * Starts the bare server on 127.0.0.1: on PostgreSQL (`databaseUrl`) with its own pg pool, on the
 * embedded database through `embedded`, the app's handle.
 */
export async function startBareFeedServer(
  target: { databaseUrl: string } | { embedded: SqlExecutor },
): Promise<BareFeedServer> {
  const pool =
    'databaseUrl' in target ? new pg.Pool({ connectionString: target.databaseUrl, max: 10 }) : null;
  const run = async (statement: CapturedStatement, values: unknown[]): Promise<unknown[]> => {
    if (pool)
      return (
        await pool.query(
          statement.name
            ? { name: statement.name, text: statement.text, values }
            : { text: statement.text, values },
        )
      ).rows;
    if ('embedded' in target) return (await target.embedded.executeSql(statement.text, values)).rows;
    throw new Error('no database');
  };
  const routes = new Map<string, BareRoute>();

  async function answer(request: IncomingMessage, response: ServerResponse) {
    const route = routes.get((request.url ?? '').split('?')[0] ?? '');
    if (!route) {
      response.writeHead(404).end();
      return;
    }
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    const hash = token ? sha256(token) : null;
    const results: unknown[][] = [];
    for (const statement of route.statements) {
      const session = route.sessionHash !== undefined && statement.values.includes(route.sessionHash);
      if (session && !hash) {
        response.writeHead(401).end();
        return;
      }
      const values = session
        ? statement.values.map((value) => (value === route.sessionHash ? hash : value))
        : statement.values;
      const rows = await run(statement, values);
      if (session) {
        if (rows.length === 0) {
          response.writeHead(401).end();
          return;
        }
      } else {
        results.push(rows);
      }
    }
    const body = JSON.stringify(results.length === 1 ? results[0] : results);
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body);
  }

  const server = createServer((request, response) => {
    answer(request, response).catch((error: unknown) => {
      console.error('bare feed server:', error);
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    route: (path, route) => routes.set(path, route),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pool?.end();
    },
  };
}

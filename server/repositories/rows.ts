import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import { isUniqueViolation } from './unique-violation.ts';

/** The first row a query answers, or null. */
export async function firstRow<Row>(query: PromiseLike<Row[]>): Promise<Row | null> {
  const [row] = await query;
  return row ?? null;
}

/** The row an insert returns, or null when a unique index already holds its key. */
export async function unlessTaken<Row>(insert: PromiseLike<Row[]>): Promise<Row | null> {
  try {
    return await firstRow(insert);
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/**
 * A unit of work: the repositories `build` makes on the plain connection, and `withTransaction`,
 * which hands the same repositories bound to one database transaction, so what they write together
 * is written together or not at all.
 */
export function unitOfWork<Repositories extends object>(db: Database, build: (db: Database) => Repositories) {
  return {
    ...build(db),
    withTransaction<T>(work: (tx: Repositories) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(build(tx)));
    },
  };
}

/**
 * An update of one row (by `id`) that happens only while `condition` still holds: only the first
 * of concurrent callers gets the changed row back, the others null.
 */
export function conditionalUpdate<Table extends PgTable & { id: AnyPgColumn }>(db: Database, table: Table) {
  return (
    id: string,
    condition: SQL | undefined,
    changes: PgUpdateSetSource<Table>,
  ): Promise<Table['$inferSelect'] | null> =>
    firstRow(
      db
        .update(table)
        .set(changes)
        .where(and(eq(table.id, id), condition))
        .returning() as PromiseLike<Table['$inferSelect'][]>,
    );
}

/** A keyset page's position: the sort time and id of the last row the client has. */
export interface TimeKey {
  at: string;
  id: string;
}

/** Rows after `key` in a list sorted by `(at, id)` newest first; no condition for the first page. */
export const olderThan = (at: AnyPgColumn, id: AnyPgColumn, key: TimeKey | undefined) =>
  key ? sql`(${at}, ${id}) < (${key.at}::timestamptz, ${key.id})` : undefined;

/** The rows of a raw `db.execute` (both drivers answer `{ rows }`). */
export const rowsOf = <Row extends Record<string, unknown>>(result: unknown): Row[] =>
  ((result as { rows?: Row[] }).rows ?? []) as Row[];

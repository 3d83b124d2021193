import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import { type AnyPgColumn, getTableConfig, type PgTable } from 'drizzle-orm/pg-core';

/**
 * How a statement builder receives its values: `plain` puts them in the statement (one statement,
 * parsed and planned on each run), `bound` puts a named placeholder there and keeps the value for
 * `execute`, so one prepared statement serves every run of the same shape.
 */
export interface StatementArgs {
  value<T>(name: string, value: T): T | Placeholder<string, T>;
}

export const plainArgs: StatementArgs = { value: (_name, value) => value };

export function boundArgs(): StatementArgs & { values: Record<string, unknown> } {
  const values: Record<string, unknown> = {};
  return {
    values,
    value<T>(name: string, value: T) {
      if (name in values && values[name] !== value)
        throw new Error(`placeholder ${name} bound twice with different values`);
      values[name] = value;
      return sql.placeholder(name) as Placeholder<string, T>;
    },
  };
}

/**
 * The LIMITs a feed statement is written with: the page sizes the app asks for, each with the one
 * row more that tells whether a next page exists (10 in the feeds, 20 by default, 24 in a profile's
 * photo and video grids), then the API's larger sizes up to its maximum (100). A statement asked
 * for another number reads the next size up and the repository keeps the rows asked for.
 */
export const STATEMENT_LIMITS = [11, 21, 25, 51, 101] as const;

/** The size a statement for `limit` rows is written with (see STATEMENT_LIMITS). */
export function statementLimit(limit: number): number {
  if (!Number.isSafeInteger(limit) || limit < 1)
    throw new Error(`a page limit must be a whole number from 1 up, not ${limit}`);
  return STATEMENT_LIMITS.find((size) => size >= limit) ?? Math.ceil(limit / 100) * 100 + 1;
}

/**
 * A page's LIMIT written into the statement's text rather than bound. A prepared statement's
 * generic plan cannot see a bound LIMIT and plans for a tenth of the rows, which over a table of a
 * million posts is a scan of all of them; with the number in the text the generic plan is the
 * index walk a custom plan would choose, so PostgreSQL stops planning the statement on every run.
 * The number is part of the statement, so it is part of its shape's name; rounding it up to a few
 * sizes keeps the statements each pooled connection prepares to a few per shape, whatever
 * numbers clients send.
 */
export function literalLimit(limit: number): SQL {
  return sql.raw(String(statementLimit(limit)));
}

interface Preparable<Result> {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<Result> };
}

/**
 * Named prepared statements of one database handle (or transaction). `run(shape, build)` builds the
 * statement with bound values; the first run of a shape prepares it under the name `fp_<shape>`
 * (node-postgres then parses it once per pooled connection and runs it by name after that; PGlite
 * runs the same text), later runs only execute it with their values. `shape` must name everything
 * that changes the statement's text: two statements of one name on one connection are an error.
 */
export function preparedStatements() {
  const cache = new Map<string, { execute(values?: Record<string, unknown>): Promise<unknown> }>();
  return {
    run<Result>(shape: string, build: (args: StatementArgs) => Preparable<Result>): Promise<Result> {
      const args = boundArgs();
      const query = build(args);
      let statement = cache.get(shape);
      if (!statement) {
        statement = query.prepare(`fp_${shape}`);
        cache.set(shape, statement);
      }
      return statement.execute(args.values) as Promise<Result>;
    },
    /** How many shapes were prepared (tests). */
    get size() {
      return cache.size;
    },
  };
}

export type PreparedStatements = ReturnType<typeof preparedStatements>;

/**
 * A row of `table` read as JSON (`row_to_json` in a statement that nests rows, e.g. a post's later
 * media): the record drizzle would have read, each column decoded as drizzle decodes it.
 */
export function recordFromJson<Table extends PgTable>(
  table: Table,
  json: Record<string, unknown>,
): Table['$inferSelect'] {
  const record: Record<string, unknown> = {};
  for (const [key, column] of columnsOf(table)) {
    const value = json[column.dbName];
    record[key] = value === null || value === undefined ? null : column.column.mapFromDriverValue(value);
  }
  return record as Table['$inferSelect'];
}

const columnCache = new WeakMap<PgTable, [string, { dbName: string; column: AnyPgColumn }][]>();
function columnsOf(table: PgTable) {
  let found = columnCache.get(table);
  if (!found) {
    const { columns } = getTableConfig(table);
    const byName = Object.entries(table as unknown as Record<string, unknown>);
    found = columns.map((column) => {
      const key = byName.find(([, value]) => value === column)?.[0] ?? column.name;
      return [key, { dbName: column.keyAsName ? toSnakeCase(column.name) : column.name, column }];
    });
    columnCache.set(table, found);
  }
  return found;
}

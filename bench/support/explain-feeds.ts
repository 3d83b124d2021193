import { sql as text } from 'drizzle-orm';
import type { Database } from '../../server/db/client.ts';
import { createPostsRepository } from '../../server/repositories/posts/index.ts';

export interface FeedPlan {
  label: string;
  /** The plan's nodes that read a table or an index, e.g. "Index Only Scan using posts_rank_idx on posts". */
  scans: string[];
  executionMs: number;
  /** Time PostgreSQL spent planning this run (near zero when it reused the generic plan). */
  planningMs: number;
  /**
   * Whether PostgreSQL ran its cached generic plan, as for the app's prepared statements once a
   * statement has run a few times, or planned this run for its values (a custom plan).
   */
  generic: boolean;
  lines: string[];
  /** A sequential scan of posts: the query would grow with the table. */
  scansAllPosts: boolean;
}

type FeedQueries = ReturnType<typeof createPostsRepository>['queries'];
export type FeedQuery = (queries: FeedQueries) => { toSQL(): { sql: string; params: unknown[] } };

/** A value written as an SQL literal, for EXECUTE's arguments. */
const literal = (value: unknown) =>
  value === null || value === undefined
    ? 'null'
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : `'${String(value instanceof Date ? value.toISOString() : value).replaceAll("'", "''")}'`;

/**
 * EXPLAIN ANALYZE of the repository's own feed statements, run the way the app runs them: as a
 * prepared statement, explained after six runs, when PostgreSQL's plan cache has chosen between
 * its generic plan and planning each run for the values.
 */
export async function explainFeeds(
  db: Database,
  queries: { label: string; query: FeedQuery }[],
): Promise<FeedPlan[]> {
  const { queries: feedQueries } = createPostsRepository(db);
  const plans: FeedPlan[] = [];
  for (const { label, query } of queries) {
    const statement = query(feedQueries).toSQL();
    const execute = `execute fp_explain${statement.params.length ? `(${statement.params.map(literal).join(', ')})` : ''}`;
    // One connection for the prepared statement: a transaction holds one.
    const lines = await db.transaction(async (tx) => {
      await tx.execute(text.raw(`prepare fp_explain as ${statement.sql}`));
      for (let run = 0; run < 6; run += 1) await tx.execute(text.raw(execute));
      const result = await tx.execute(text.raw(`explain (analyze, buffers) ${execute}`));
      await tx.execute(text.raw('deallocate fp_explain'));
      // node-postgres and PGlite both answer { rows }.
      const { rows } = result as unknown as { rows: Record<string, string>[] };
      return rows.map((row) => Object.values(row)[0] ?? '');
    });
    const scans = [
      ...new Set(
        lines
          .map(
            (line) =>
              /(?:->\s+)?((?:Parallel )?(?:Index Only Scan|Index Scan|Seq Scan|Bitmap Heap Scan|Bitmap Index Scan)(?: Backward)?(?: using \S+)? on \S+)/.exec(
                line,
              )?.[1],
          )
          .filter((scan): scan is string => scan !== undefined),
      ),
    ];
    const execution = lines.find((line) => line.startsWith('Execution Time'));
    const planning = lines.find((line) => line.startsWith('Planning Time'));
    plans.push({
      label,
      scans,
      executionMs: Number(/([\d.]+) ms/.exec(execution ?? '')?.[1] ?? Number.NaN),
      planningMs: Number(/([\d.]+) ms/.exec(planning ?? '')?.[1] ?? Number.NaN),
      // A generic plan keeps the statement's parameters ($1, $2...) where a custom one has values;
      // a statement without parameters has one plan, kept.
      generic: statement.params.length === 0 || lines.some((line) => /\$\d+\b/.test(line)),
      lines,
      scansAllPosts: scans.some((scan) => /^(Parallel )?Seq Scan on posts\b/.test(scan)),
    });
  }
  return plans;
}

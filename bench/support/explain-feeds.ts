import type { Database, SqlExecutor } from '../../server/db/client.ts';
import { createPostsRepository } from '../../server/repositories/posts.repository.ts';

export interface FeedPlan {
  label: string;
  /** The plan's nodes that read a table or an index, e.g. "Index Only Scan using posts_rank_idx on posts". */
  scans: string[];
  executionMs: number;
  /** Time PostgreSQL spent planning the statement (paid again on every unprepared run). */
  planningMs: number;
  lines: string[];
  /** A sequential scan of posts: the query would grow with the table. */
  scansAllPosts: boolean;
}

type FeedQueries = ReturnType<typeof createPostsRepository>['queries'];
export type FeedQuery = (queries: FeedQueries) => { toSQL(): { sql: string; params: unknown[] } };

/** EXPLAIN ANALYZE of the repository's own feed statements, the ones the routes run. */
export async function explainFeeds(
  db: Database,
  sql: SqlExecutor,
  queries: { label: string; query: FeedQuery }[],
): Promise<FeedPlan[]> {
  const { queries: feedQueries } = createPostsRepository(db);
  const plans: FeedPlan[] = [];
  for (const { label, query } of queries) {
    const statement = query(feedQueries).toSQL();
    const { rows } = await sql.executeSql(`explain (analyze, buffers) ${statement.sql}`, statement.params);
    const lines = (rows as Record<string, string>[]).map((row) => Object.values(row)[0] ?? '');
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
      lines,
      scansAllPosts: scans.some((scan) => /^(Parallel )?Seq Scan on posts\b/.test(scan)),
    });
  }
  return plans;
}

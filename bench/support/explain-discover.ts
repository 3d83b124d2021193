import type { Database, SqlExecutor } from '../../server/db/client.ts';
import { createPostsRepository, type RankKey } from '../../server/repositories/posts.repository.ts';

export interface DiscoverPlan {
  label: string;
  lines: string[];
  usesRankIndex: boolean;
}

/** EXPLAIN ANALYZE of the repository's own Discover query (anonymous), page 1 and after `deep`. */
export async function explainDiscover(
  db: Database,
  sql: SqlExecutor,
  deep: RankKey,
): Promise<DiscoverPlan[]> {
  const posts = createPostsRepository(db);
  const queries = [
    { label: 'page 1', query: posts.rankedOthers({ limit: 21 }).toSQL() },
    { label: 'near the end', query: posts.rankedOthers({ limit: 21, after: deep }).toSQL() },
  ];
  const plans: DiscoverPlan[] = [];
  for (const { label, query } of queries) {
    const { rows } = await sql.executeSql(`explain (analyze, buffers) ${query.sql}`, query.params);
    const lines = (rows as Record<string, string>[]).map((row) => Object.values(row)[0] ?? '');
    plans.push({ label, lines, usesRankIndex: lines.some((line) => line.includes('posts_rank_idx')) });
  }
  return plans;
}

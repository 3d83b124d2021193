/**
 * The signed-in side of the feed bench: a crowd of fans who follow creators, and the measured fan,
 * who follows `follows` creators (spread over the bench's creators), has liked a few posts, and holds a live session whose bearer token the load
 * client sends. Written with SQL, like the rest of the bench data (bench/support/feed-seed.ts).
 */
import { randomBytes } from 'node:crypto';
import type { SqlExecutor } from '../../server/db/client.ts';
import { sha256 } from '../../server/lib/secrets.ts';

export interface BenchViewer {
  userId: string;
  token: string;
}

const uuidOf = (text: string) =>
  `overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;

export async function seedViewer(
  sql: SqlExecutor,
  options: { creators: number; follows: number; crowd: number },
): Promise<BenchViewer> {
  // Other fans and their follows, so that the follows table, its indexes and the planner's
  // statistics look like a live site's: `crowd` fans following 20 creators each.
  await sql.executeSql(
    `insert into users (id, email, first_name, last_name, is_email_verified, created_at, updated_at)
     select ${uuidOf(`'bench-fan-' || i`)}, 'bench-fan-' || i || '@bench.invalid', 'Bench', 'Fan ' || i,
            true, now(), now()
     from generate_series(1, $1::int) as i`,
    [options.crowd],
  );
  await sql.executeSql(
    `insert into follows (follower_id, creator_id, created_at)
     select distinct ${uuidOf(`'bench-fan-' || i`)},
            ${uuidOf(`'bench-creator-' || (1 + (i * 7919 + j * 104729) % $2::int)`)}, now()
     from generate_series(1, $1::int) as i, generate_series(1, 20) as j`,
    [options.crowd, options.creators],
  );
  const token = randomBytes(32).toString('base64url');
  const { rows } = await sql.executeSql(
    `insert into users (id, email, first_name, last_name, is_email_verified, created_at, updated_at)
     values (gen_random_uuid(), 'bench-viewer-' || gen_random_uuid() || '@bench.invalid', 'Bench', 'Viewer',
             true, now(), now())
     returning id`,
  );
  const userId = (rows[0] as { id: string }).id;
  await sql.executeSql(
    `insert into sessions (id, user_id, token_hash, created_at, last_used_at, expires_at)
     values (gen_random_uuid(), $1, $2, now(), now(), now() + interval '30 days')`,
    [userId, sha256(token)],
  );
  // Every (creators / follows)-th creator: followed creators are spread over the whole feed.
  const step = Math.max(1, Math.floor(options.creators / options.follows));
  await sql.executeSql(
    `insert into follows (follower_id, creator_id, created_at)
     select $1, ${uuidOf(`'bench-creator-' || (1 + i * $2::int)`)}, now()
     from generate_series(0, $3::int - 1) as i`,
    [userId, step, Math.min(options.follows, options.creators)],
  );
  await sql.executeSql(
    `insert into post_likes (user_id, post_id, created_at)
     select $1, id, now() from posts order by rank_score desc limit 50`,
    [userId],
  );
  await sql.executeSql('vacuum analyze users');
  await sql.executeSql('vacuum analyze follows');
  await sql.executeSql('vacuum analyze post_likes');
  await sql.executeSql('vacuum analyze sessions');
  return { userId, token };
}

/**
 * Bench data for Discover, written with set-based SQL (generate_series, INSERT ... SELECT):
 * approved creators, and posts with a YouTube id (showable without media), a visibility mix,
 * a skewed like count, created over the past year, and rank_score as server/lib/rank.ts has it.
 */
import type { SqlExecutor } from '../../server/db/client.ts';
import { RANK_SECONDS_PER_LIKE_DECADE } from '../../server/lib/rank.ts';

/** A stable, well-formed (version 4) UUID from a text: creator n's id is known to every batch. */
const uuidOf = (text: string) =>
  `overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;

/**
 * A time-ordered (version 7) UUID for a post created at `createdAt`, as server/lib/ids.ts makes
 * them: newest-first pages by id are newest-first by time, as in the app.
 */
const uuidV7At = (createdAt: string, salt: string) =>
  `overlay(overlay(lpad(to_hex((extract(epoch from ${createdAt}) * 1000)::bigint), 12, '0') ||
     substr(md5(${salt} || random()::text), 1, 20) placing '7' from 13) placing '8' from 17)::uuid`;

export interface FeedSeedOptions {
  creators: number;
  posts: number;
  /** Extra posts of creator 1 (handle bench_1): a profile deep enough to page 500 pages into. */
  busyCreatorPosts: number;
  batch: number;
  onProgress(inserted: number, total: number): void;
}

export async function seedFeed(sql: SqlExecutor, options: FeedSeedOptions): Promise<void> {
  await sql.executeSql(
    `insert into users (id, email, first_name, last_name, is_email_verified, created_at, updated_at)
     select ${uuidOf(`'bench-user-' || i`)}, 'bench-' || i || '@bench.invalid', 'Bench', 'Creator ' || i,
            true, now(), now()
     from generate_series(1, $1::int) as i`,
    [options.creators],
  );
  await sql.executeSql(
    `insert into creator_profiles
       (id, user_id, handle, display_name, bio, status, monthly_price_cents, reviewed_at, created_at, updated_at)
     select ${uuidOf(`'bench-creator-' || i`)}, ${uuidOf(`'bench-user-' || i`)}, 'bench_' || i,
            'Bench Creator ' || i, 'Made by npm run bench:feed.', 'approved', 499 + (i % 20) * 100,
            now(), now(), now()
     from generate_series(1, $1::int) as i`,
    [options.creators],
  );
  const total = options.posts + options.busyCreatorPosts;
  for (let from = 1; from <= total; from += options.batch) {
    const to = Math.min(total, from + options.batch - 1);
    await sql.executeSql(
      `insert into posts (id, creator_id, description, youtube_id, visibility, price_cents, like_count,
                          rank_score, created_at, updated_at)
       select ${uuidV7At('created_at', 'g::text')}, creator_id, description, 'dQw4w9WgXcQ', visibility, price_cents, like_count,
              extract(epoch from created_at) / $4::float8 + log(1 + like_count::float8), created_at, created_at
       from (
         select g,
                ${uuidOf(`'bench-creator-' || case when g > $5::int then 1 else 1 + g % $3::int end`)}
                  as creator_id,
                'Bench post ' || g as description,
                case when g % 10 < 6 then 'public' when g % 10 < 9 then 'subscribers' else 'pay_per_view' end
                  as visibility,
                case when g % 10 = 9 then 499 end as price_cents,
                floor(power(random(), 6) * 5000)::int as like_count,
                now() - random() * interval '365 days' as created_at
         from generate_series($1::int, $2::int) as g
       ) as generated`,
      [from, to, options.creators, RANK_SECONDS_PER_LIKE_DECADE, options.posts],
    );
    options.onProgress(to, total);
  }
  // A settled database, as autovacuum leaves one: statistics, and a visibility map for the
  // index-only scans the feeds rely on.
  await sql.executeSql('vacuum analyze users');
  await sql.executeSql('vacuum analyze creator_profiles');
  await sql.executeSql('vacuum analyze posts');
}

/** A few posts' stored rank against rankScore() in TypeScript: the SQL must agree with the app. */
export async function sampleRanks(
  sql: SqlExecutor,
): Promise<{ createdAt: Date; likes: number; rankScore: number }[]> {
  const { rows } = await sql.executeSql(
    'select created_at, like_count, rank_score from posts order by like_count desc limit 3',
  );
  return (rows as { created_at: Date | string; like_count: number; rank_score: number }[]).map((row) => ({
    createdAt: new Date(row.created_at),
    likes: Number(row.like_count),
    rankScore: Number(row.rank_score),
  }));
}

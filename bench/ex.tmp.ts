import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../server/db/schema/index.ts';
import { createPostsRepository } from '../server/repositories/posts.repository.ts';

const client = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/fp_feed_dev' });
await client.connect();
const db = drizzle(client, { schema }) as never;
const q = createPostsRepository(db).queries;
const viewer = { id: 'f38d3006-f120-4b7f-bdb4-d2ee3cbf9893', now: new Date() };
const {
  rows: [c],
} = await client.query(`select creator_id from posts group by creator_id limit 1`);
const qs: Record<string, any> = {
  discoverSigned: q.discover({ limit: 21, viewer, followed: 'start', others: 'start' }),
  following: q.following({ limit: 21, viewer }),
  byCreator: q.byCreator({ creatorId: c.creator_id, limit: 21, includeUnready: false, viewer }),
};
for (const [label, b] of Object.entries(qs)) {
  const t = b.toSQL();
  for (let i = 0; i < 3; i++) await client.query(t.sql, t.params);
  const t0 = performance.now();
  for (let i = 0; i < 50; i++) await client.query(t.sql, t.params);
  console.log(label, ((performance.now() - t0) / 50).toFixed(2), 'ms round trip');
  if (process.argv[2]) {
    const { rows } = await client.query(`explain (analyze) ${t.sql}`, t.params);
    for (const r of rows) console.log(Object.values(r)[0]);
  }
}
await client.end();

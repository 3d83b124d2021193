import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostView } from '../../common/schemas/posts.ts';
import {
  createPostsRepository,
  type FeedPostJson,
  feedRowFromJson,
  type PostRow,
} from '../repositories/posts/index.ts';
import { bearer, signUpVerified } from '../test/accounts.ts';
import { buildCreator } from '../test/creators.ts';
import { createMediaTestApp, type MediaTestApp } from '../test/media.ts';
import { preparedStatements, STATEMENT_LIMITS, statementLimit } from './prepared.ts';
import { posts } from './schema/index.ts';

const youtubeUrl = 'https://youtu.be/dQw4w9WgXcQ';

/**
 * The feeds' named prepared statements (server/db/prepared.ts) answer the rows the same statements
 * answer with their values written in, on the database the suite runs on (PGlite, or PostgreSQL
 * with TEST_DATABASE_URL), and one prepared statement serves every run of its shape.
 */
describe('prepared feed statements', () => {
  let t: MediaTestApp;
  let fan: { token: string; user: { id: string } };
  let creator: Awaited<ReturnType<typeof buildCreator>>;
  let other: Awaited<ReturnType<typeof buildCreator>>;
  const made: PostView[] = [];

  beforeAll(async () => {
    t = await createMediaTestApp({ ADMIN_EMAILS: 'prepared-admin@example.com' });
    const admin = await signUpVerified(t, { email: 'prepared-admin@example.com' });
    creator = await buildCreator(t, { approveWith: admin.token });
    other = await buildCreator(t, { approveWith: admin.token });
    fan = await signUpVerified(t);
    const inject = (method: 'POST' | 'PUT', url: string, token: string, payload?: object) =>
      t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
    for (const [who, description] of [
      [creator, 'one'],
      [other, 'two'],
      [creator, 'three'],
      [other, 'four'],
      [creator, 'five'],
    ] as const) {
      const response = await inject('POST', '/api/posts', who.token, {
        description,
        youtubeUrl,
        ...(description === 'three'
          ? {
              poll: {
                options: ['yes', 'no'],
                endsAt: new Date(t.clock.now().getTime() + 3_600_000).toISOString(),
              },
            }
          : {}),
      });
      expect(response.statusCode, response.body).toBe(201);
      made.push(response.json<PostView>());
    }
    const poll = made[2];
    if (!poll) throw new Error('no poll post');
    expect(
      (await inject('POST', `/api/posts/${poll.id}/poll/vote`, fan.token, { option: 1 })).statusCode,
    ).toBe(200);
    const follow = await inject('POST', `/api/creators/${creator.creator.handle}/follow`, fan.token);
    expect(follow.statusCode, follow.body).toBeLessThan(300);
    expect((await inject('PUT', `/api/posts/${made[0]?.id}/pin`, creator.token)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  const comparable = (rows: PostRow[]) =>
    rows.map((row) => ({ ...row, extras: row.extras ?? [], poll: row.poll ?? null }));

  it('answers the rows of the plain statements, whatever the values of a shape', async () => {
    const repo = createPostsRepository(t.app.services.database.db);
    const viewer = { id: fan.user.id, now: t.clock.now() };
    // The statements' LIMIT is a size up from the page (statementLimit): the first rows are the page.
    const plain = async (query: PromiseLike<{ json: FeedPostJson }[]>, keep = Number.POSITIVE_INFINITY) =>
      (await query).slice(0, keep).map((row) => feedRowFromJson(row.json));

    for (const limit of [1, 10]) {
      const following = await repo.following({ viewer, limit });
      expect(following.length).toBe(Math.min(limit, 3));
      expect(comparable(following)).toEqual(
        comparable(await plain(repo.queries.following({ viewer, limit }), limit)),
      );
      const deeper = { viewer, limit, beforeId: following.at(-1)?.post.id ?? '' };
      expect(comparable(await repo.following(deeper))).toEqual(
        comparable(await plain(repo.queries.following(deeper), limit)),
      );
      for (const options of [
        { limit, viewer, followed: 'start' as const, others: 'start' as const },
        { limit, others: 'start' as const },
      ]) {
        const byId = (rows: PostRow[]) => comparable(rows).sort((a, b) => a.post.id.localeCompare(b.post.id));
        expect(byId(await repo.discover(options))).toEqual(byId(await plain(repo.queries.discover(options))));
      }
      // Both limits read the statement of 11 rows: the repository keeps the rows asked for.
      // Discover's rows are unordered; each stream holds at least the page (or all it has).
      expect((await repo.discover({ limit, others: 'start' })).length).toBeGreaterThanOrEqual(
        Math.min(limit, 5),
      );
      const profile = await repo.profile({ handle: creator.creator.handle, limit, pinned: false, viewer });
      expect(profile?.rows.length).toBe(Math.min(limit, 2));
      const byCreator = { creatorId: creator.creator.id, limit, includeUnready: false, viewer };
      expect((await repo.byCreator(byCreator)).length).toBe(Math.min(limit, 3));
      expect(comparable(await repo.byCreator(byCreator))).toEqual(
        comparable(await plain(repo.queries.byCreator(byCreator), limit)),
      );
    }
  });

  it('writes the page limit and the constants into the text, so a generic plan can use the indexes', () => {
    const repo = createPostsRepository(t.app.services.database.db);
    const viewer = { id: fan.user.id, now: t.clock.now() };
    const after = { score: 1, id: made[0]?.id ?? '' };
    const statements = [
      repo.queries.discover({ limit: 21, viewer, followed: 'start', others: after }),
      repo.queries.discover({ limit: 21, others: 'start' }),
      repo.queries.following({ limit: 21, viewer, beforeId: after.id }),
      repo.queries.byCreator({ creatorId: creator.creator.id, limit: 21, includeUnready: false, viewer }),
      repo.queries.profile({ handle: creator.creator.handle, limit: 21, pinned: true, viewer }),
    ];
    for (const statement of statements) {
      const { sql, params } = statement.toSQL();
      expect(sql).toMatch(/limit 21\b/);
      expect(sql).not.toMatch(/limit \$\d/);
      expect(params).not.toContain(21);
      expect(params).not.toContain(true);
      expect(params).not.toContain('approved');
    }
    // Another number reads the next size up, with its own statement name (the repository keeps
    // the rows asked for).
    expect(repo.queries.following({ limit: 15, viewer }).toSQL().sql).toMatch(/limit 21\b/);
    expect(repo.queries.following({ limit: 1, viewer }).toSQL().sql).toMatch(/limit 11\b/);
    expect(() => repo.queries.following({ limit: 0, viewer })).toThrow(/page limit/);
    expect(() => repo.queries.following({ limit: 2.5, viewer })).toThrow(/page limit/);
  });

  it('decodes the JSON of a page row into the records drizzle reads from the columns', async () => {
    const repo = createPostsRepository(t.app.services.database.db);
    const rows = await repo.discover({
      limit: 10,
      viewer: { id: fan.user.id, now: t.clock.now() },
      others: 'start',
    });
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const read = await repo.find(row.post.id);
      expect(read).not.toBeNull();
      expect({ post: row.post, creator: row.creator, media: row.media }).toEqual({
        post: read?.post,
        creator: read?.creator,
        media: read?.media,
      });
      expect(row.post.createdAt).toBeInstanceOf(Date);
      expect(row.creator.createdAt).toBeInstanceOf(Date);
    }
  });

  it("reads a post's poll, votes and the viewer's vote with the page", async () => {
    const repo = createPostsRepository(t.app.services.database.db);
    const rows = await repo.following({ viewer: { id: fan.user.id, now: t.clock.now() }, limit: 10 });
    const poll = rows.find((row) => row.post.id === made[2]?.id)?.poll;
    expect(poll).toMatchObject({ options: ['yes', 'no'], counts: [0, 1], myVote: 1 });
    expect(poll?.endsAt).toBeInstanceOf(Date);
    expect(rows.filter((row) => row.post.id !== made[2]?.id).every((row) => row.poll === null)).toBe(true);
    const anonymous = await repo.discover({ limit: 10, others: 'start' });
    expect(anonymous.find((row) => row.post.id === made[2]?.id)?.poll).toMatchObject({ myVote: null });
  });

  it('reads a profile page in one statement as the separate reads do', async () => {
    const repo = createPostsRepository(t.app.services.database.db);
    const viewer = { id: fan.user.id, now: t.clock.now() };
    const profile = await repo.profile({ handle: creator.creator.handle, limit: 10, pinned: true, viewer });
    expect(profile?.creator.id).toBe(creator.creator.id);
    expect(profile?.blocked).toBe(false);
    const pinned = await repo.pinnedOf(creator.creator.id, viewer);
    expect(profile?.pinned).toEqual(pinned);
    const separate = await repo.byCreator({
      creatorId: creator.creator.id,
      limit: 10,
      includeUnready: false,
      viewer,
      excludeId: pinned?.post.id ?? '',
    });
    expect(comparable(profile?.rows ?? [])).toEqual(comparable(separate));
    expect(await repo.profile({ id: creator.creator.id, limit: 10, pinned: true, viewer })).toEqual(profile);
    expect(await repo.profile({ handle: 'nobody_here', limit: 10, pinned: false })).toBeNull();
  });

  it('prepares a shape once and runs it with each set of values', async () => {
    const { db } = t.app.services.database;
    const statements = preparedStatements();
    const read = (creatorId: string) =>
      statements.run('test_posts_of', (args) =>
        db
          .select({ id: posts.id, creatorId: posts.creatorId })
          .from(posts)
          .where(eq(posts.creatorId, args.value('creatorId', creatorId)))
          .orderBy(desc(posts.id)),
      );
    for (let round = 0; round < 3; round += 1) {
      expect((await read(creator.creator.id)).map((row) => row.id)).toEqual(
        made
          .filter((_, index) => index % 2 === 0)
          .map((post) => post.id)
          .reverse(),
      );
      expect((await read(other.creator.id)).map((row) => row.id)).toEqual(
        made
          .filter((_, index) => index % 2 === 1)
          .map((post) => post.id)
          .reverse(),
      );
    }
    expect(statements.size).toBe(1);
  });
});

describe('statementLimit', () => {
  it('rounds a page size up to one of a few statement sizes', () => {
    expect(STATEMENT_LIMITS).toEqual([11, 21, 25, 51, 101]);
    expect([1, 11, 12, 21, 22, 25, 26, 51, 52, 101, 102, 250].map(statementLimit)).toEqual([
      11, 11, 21, 21, 25, 25, 51, 51, 101, 101, 201, 301,
    ]);
    for (const bad of [0, -1, 2.5, Number.NaN]) expect(() => statementLimit(bad)).toThrow(/page limit/);
  });
});

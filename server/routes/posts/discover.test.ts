import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostList, SearchResults } from '../../../common/schemas/posts.ts';
import { createBlocksRepository } from '../../repositories/safety/blocks.repository.ts';
import { type AccountsTestApp, bearer, get, signUpVerified, uniqueEmail } from '../../test/accounts.ts';
import { HOUR } from '../../test/clock.ts';
import { buildCreator, buildPost } from '../../test/creators.ts';
import { createMediaTestApp } from '../../test/media.ts';
import { ANONYMOUS_DISCOVER_TTL_MS } from './feeds.ts';

describe('Discover, the following feed and search', () => {
  let t: AccountsTestApp;
  const adminEmail = uniqueEmail('admin');
  let admin: { token: string };
  beforeAll(async () => {
    t = await createMediaTestApp({ ADMIN_EMAILS: adminEmail });
    admin = await signUpVerified(t, { email: adminEmail });
  });
  afterAll(async () => {
    await t.close();
  });

  const discover = async (token?: string, query = '') =>
    (await get(t, `/api/discover${query}`, token)).json<PostList>();
  const ids = (list: PostList) => list.items.map((item) => item.id);
  const like = (token: string, id: string) =>
    t.app.inject({ method: 'POST', url: `/api/posts/${id}/like`, headers: bearer(token) });

  it('shows approved creators only, newest first, with likes lifting a post, and never across a block', async () => {
    const approved = await buildCreator(t, { approveWith: admin.token });
    const rejected = await buildCreator(t, { approveWith: admin.token });
    const older = await buildPost(t, approved.token, { youtube: true });
    t.clock.advance(HOUR);
    const newer = await buildPost(t, approved.token, { youtube: true });
    // Posted while approved; the creator is rejected afterwards, and the post leaves Discover.
    const hidden = await buildPost(t, rejected.token, { youtube: true });
    const rejecting = await t.app.inject({
      method: 'POST',
      url: `/api/admin/creators/${rejected.creator.id}/reject`,
      payload: { reason: 'Document unreadable' },
      headers: bearer(admin.token),
    });
    expect(rejecting.statusCode).toBe(200);
    expect(ids(await discover()).slice(0, 2)).toEqual([newer.id, older.id]);
    expect(ids(await discover())).not.toContain(hidden.id);

    // Ten likes are worth more than an hour of freshness.
    const fans = await Promise.all(Array.from({ length: 10 }, () => signUpVerified(t)));
    for (const fan of fans) await like(fan.token, older.id);
    // Anonymous pages are kept in memory for a moment; once it passes, the new order shows.
    expect(ids(await discover()).slice(0, 2)).toEqual([newer.id, older.id]);
    t.clock.advance(ANONYMOUS_DISCOVER_TTL_MS);
    expect(ids(await discover()).slice(0, 2)).toEqual([older.id, newer.id]);

    const [blocked] = fans;
    if (!blocked) throw new Error('no fan');
    await createBlocksRepository(t.app.services.database.db).block(
      approved.user.id,
      blocked.user.id,
      t.clock.now(),
    );
    expect(ids(await discover(blocked.token))).not.toContain(older.id);
  });

  it("lifts followed creators' posts for their followers only", async () => {
    const followed = await buildCreator(t, { approveWith: admin.token });
    const other = await buildCreator(t, { approveWith: admin.token });
    const fan = await signUpVerified(t);
    const theirs = await buildPost(t, followed.token, { youtube: true });
    t.clock.advance(6 * HOUR);
    // A signed-in viewer is never served the anonymous copy.
    expect(ids(await discover(fan.token))).toContain(theirs.id);
    const fresh = await buildPost(t, other.token, { youtube: true });
    await t.app.inject({
      method: 'POST',
      url: `/api/creators/${followed.creator.handle}/follow`,
      headers: bearer(fan.token),
    });

    const anonymous = ids(await discover());
    expect(anonymous.indexOf(fresh.id)).toBeLessThan(anonymous.indexOf(theirs.id));
    const forFan = ids(await discover(fan.token));
    expect(forFan.indexOf(theirs.id)).toBeLessThan(forFan.indexOf(fresh.id));

    const home = (await get(t, '/api/feed', fan.token)).json<PostList>();
    expect(ids(home)).toEqual([theirs.id]);
    expect(home.items[0]?.creator.isFollowing).toBe(true);
    const card = (await discover(fan.token)).items.find((item) => item.id === fresh.id);
    expect(card?.creator.isFollowing).toBe(false);
  });

  it('pages without gaps or repeats while new posts arrive, for a follower too', async () => {
    const creator = await buildCreator(t, { approveWith: admin.token });
    const followedCreator = await buildCreator(t, { approveWith: admin.token });
    const fan = await signUpVerified(t);
    await t.app.inject({
      method: 'POST',
      url: `/api/creators/${followedCreator.creator.handle}/follow`,
      headers: bearer(fan.token),
    });
    for (let i = 0; i < 12; i += 1) {
      await buildPost(t, i % 3 === 0 ? followedCreator.token : creator.token, { youtube: true });
      t.clock.advance(60_000);
    }
    for (const token of [undefined, fan.token]) {
      const before = ids(await discover(token, '?limit=100'));
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const list: PostList = await discover(token, `?limit=4${cursor ? `&cursor=${cursor}` : ''}`);
        seen.push(...ids(list));
        cursor = list.nextCursor;
        pages += 1;
        // New posts arrive between page loads.
        await buildPost(t, creator.token, { youtube: true });
      } while (cursor);
      // No repeats, and every post that was there is seen once, in the same order; a newcomer may
      // still appear below the point already read when likes rank older posts above it.
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.filter((id) => before.includes(id))).toEqual(before);
      expect(pages).toBeGreaterThanOrEqual(Math.ceil(before.length / 4));
    }
    expect((await get(t, '/api/discover?cursor=garbage')).statusCode).toBe(400);
  });

  it('finds creators by a misspelt name or handle, best match first, never across a block', async () => {
    const amara = await buildCreator(t, {
      approveWith: admin.token,
      draft: { displayName: 'Amara Okafor', handle: 'amara_films' },
    });
    await buildCreator(t, {
      approveWith: admin.token,
      draft: { displayName: 'Tamar Lens', handle: 'tamarlens' },
    });
    await buildCreator(t, { draft: { displayName: 'Amara Pending', handle: 'amara_pending' } });
    const search = async (q: string, token?: string) =>
      (await get(t, `/api/search?q=${encodeURIComponent(q)}`, token))
        .json<SearchResults>()
        .items.map((item) => item.handle);

    expect((await search('Amara Okafor'))[0]).toBe('amara_films');
    expect((await search('amra okafor'))[0]).toBe('amara_films');
    expect((await search('Okafr'))[0]).toBe('amara_films');
    expect((await search('@amara_f'))[0]).toBe('amara_films');
    expect((await search('tamar'))[0]).toBe('tamarlens');
    expect(await search('amara')).not.toContain('amara_pending');
    expect(await search('   ')).toEqual([]);
    // LIKE's wildcards are characters like any other: '%' matches no name without one, and 'o_a'
    // is not "o, any letter, a" (as in "okafor"). Other files' creators share the PostgreSQL
    // database (a handle with '100' in it is a fair match for '100%_'), so only this test's own
    // creators are looked for.
    const own = ['amara_films', 'tamarlens', 'amara_pending'];
    for (const wildcard of ['%', '%_%', 'o_a', '100%_', '\\'])
      expect(
        (await search(wildcard)).filter((handle) => own.includes(handle)),
        wildcard,
      ).toEqual([]);

    const fan = await signUpVerified(t);
    // Signed in, results say whether the viewer follows each creator; anonymous results do not.
    const follow = await t.app.inject({
      method: 'POST',
      url: '/api/creators/tamarlens/follow',
      headers: bearer(fan.token),
    });
    expect(follow.statusCode).toBe(200);
    const signedIn = (await get(t, '/api/search?q=tamar', fan.token)).json<SearchResults>().items;
    expect(signedIn[0]).toMatchObject({ handle: 'tamarlens', isFollowing: true });
    expect(signedIn.find((item) => item.handle === 'amara_films')?.isFollowing ?? false).toBe(false);
    expect((await get(t, '/api/search?q=tamar')).json<SearchResults>().items[0]).not.toHaveProperty(
      'isFollowing',
    );
    // Each result says whether it is the viewer's own page (the web app marks it 'You', no Follow).
    expect(signedIn.every((item) => item.isOwner === false)).toBe(true);
    const mine = (await get(t, '/api/search?q=amara%20okafor', amara.token)).json<SearchResults>().items;
    expect(mine.find((item) => item.handle === 'amara_films')).toMatchObject({ isOwner: true });
    expect((await get(t, '/api/search?q=tamar')).json<SearchResults>().items[0]).not.toHaveProperty(
      'isOwner',
    );
    await createBlocksRepository(t.app.services.database.db).block(fan.user.id, amara.user.id, t.clock.now());
    expect(await search('amara okafor', fan.token)).not.toContain('amara_films');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostList, PostView } from '../../../common/schemas/posts.ts';
import { type AccountsTestApp, bearer, get, post, signUpVerified, uniqueEmail } from '../../test/accounts.ts';
import { buildCreator, buildPost } from '../../test/creators.ts';
import { createMediaTestApp } from '../../test/media.ts';

describe('bookmarks', () => {
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

  const save = (token: string, postId: string, method: 'PUT' | 'DELETE' = 'PUT') =>
    t.app.inject({ method, url: `/api/posts/${postId}/bookmark`, headers: bearer(token) });
  const bookmarks = async (token: string, query = '') => {
    const response = await get(t, `/api/me/bookmarks${query}`, token);
    expect(response.statusCode).toBe(200);
    return response.json<PostList>();
  };

  it('saves posts and lists them newest saved first, paged, with locked posts still locked', async () => {
    const creator = await buildCreator(t, { approveWith: admin.token });
    const open = await buildPost(t, creator.token, { youtube: true, description: 'Open' });
    const locked = await buildPost(t, creator.token, {
      youtube: true,
      visibility: 'subscribers',
      description: 'Locked',
    });
    const fan = await signUpVerified(t);
    expect((await save(fan.token, open.id)).json()).toEqual({ bookmarked: true });
    t.clock.advance(1000);
    expect((await save(fan.token, locked.id)).statusCode).toBe(200);
    // Saving twice keeps one bookmark.
    expect((await save(fan.token, locked.id)).statusCode).toBe(200);

    const all = await bookmarks(fan.token);
    expect(all.items.map((p) => p.description)).toEqual(['Locked', 'Open']);
    expect(all.items[0]).toMatchObject({ locked: true, youtubeId: null, bookmarked: true });
    expect(all.items[1]).toMatchObject({ locked: false, bookmarked: true });

    const first = await bookmarks(fan.token, '?limit=1');
    expect(first.items.map((p) => p.description)).toEqual(['Locked']);
    const second = await bookmarks(fan.token, `?limit=1&cursor=${first.nextCursor}`);
    expect(second.items.map((p) => p.description)).toEqual(['Open']);
    expect(second.nextCursor).toBeNull();

    // The post itself says it is saved, for this fan only.
    expect((await get(t, `/api/posts/${open.id}`, fan.token)).json<PostView>().bookmarked).toBe(true);
    expect((await get(t, `/api/posts/${open.id}`, creator.token)).json<PostView>().bookmarked).toBe(false);

    expect((await save(fan.token, open.id, 'DELETE')).json()).toEqual({ bookmarked: false });
    expect((await bookmarks(fan.token)).items.map((p) => p.description)).toEqual(['Locked']);
  });

  it("cannot save a post it cannot see, and a block takes the creator's posts off the page", async () => {
    const creator = await buildCreator(t, { approveWith: admin.token });
    const saved = await buildPost(t, creator.token, { youtube: true });
    const fan = await signUpVerified(t);
    expect((await save(fan.token, '01890000-0000-7000-8000-000000000000')).statusCode).toBe(404);
    await save(fan.token, saved.id);
    expect((await bookmarks(fan.token)).items).toHaveLength(1);
    await post(t, '/api/me/blocks', { userId: fan.user.id }, { token: creator.token });
    expect((await bookmarks(fan.token)).items).toEqual([]);
    expect((await save(fan.token, saved.id)).statusCode).toBe(404);
    // Still removable, so nothing is stuck.
    expect((await save(fan.token, saved.id, 'DELETE')).statusCode).toBe(200);
  });

  it('is private to each fan and needs signing in', async () => {
    const creator = await buildCreator(t, { approveWith: admin.token });
    const p = await buildPost(t, creator.token, { youtube: true });
    const [fan, other] = await Promise.all([signUpVerified(t), signUpVerified(t)]);
    await save(fan.token, p.id);
    expect((await bookmarks(other.token)).items).toEqual([]);
    expect((await get(t, '/api/me/bookmarks')).statusCode).toBe(401);
  });
});

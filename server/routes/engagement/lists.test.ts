import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CreatorList,
  type CreatorLists,
  type CreatorMembership,
  listMessages,
} from '../../../common/schemas/engagement.ts';
import type { PostList } from '../../../common/schemas/posts.ts';
import { type AccountsTestApp, bearer, get, post, signUpVerified, uniqueEmail } from '../../test/accounts.ts';
import { buildCreator, buildPost } from '../../test/creators.ts';
import { createMediaTestApp } from '../../test/media.ts';

describe('lists of creators', () => {
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

  const call = (method: 'PUT' | 'DELETE' | 'PATCH', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const lists = async (token: string) => (await get(t, '/api/lists', token)).json<CreatorLists>().items;
  const feed = async (token: string, listId: string, query = '') => {
    const response = await get(t, `/api/lists/${listId}/posts${query}`, token);
    expect(response.statusCode).toBe(200);
    return response.json<PostList>();
  };

  it('starts with Favourites; lists are made, renamed and deleted, and Favourites stays', async () => {
    const fan = await signUpVerified(t);
    const first = await lists(fan.token);
    expect(first.map((l) => [l.name, l.builtIn])).toEqual([['Favourites', true]]);
    const favourites = first[0] as CreatorList;

    const made = await post(t, '/api/lists', { name: '  Travel  ' }, { token: fan.token });
    expect(made.statusCode).toBe(201);
    const travel = made.json<CreatorList>();
    expect(travel).toMatchObject({ name: 'Travel', builtIn: false, memberCount: 0 });
    const taken = await post(t, '/api/lists', { name: 'travel' }, { token: fan.token });
    expect(taken.statusCode).toBe(409);
    expect(taken.body).toContain(listMessages.nameTaken);
    const blank = await post(t, '/api/lists', { name: '  ' }, { token: fan.token });
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain(listMessages.nameRequired);

    expect(
      (await call('PATCH', `/api/lists/${travel.id}`, fan.token, { name: 'Trips' })).json(),
    ).toMatchObject({
      name: 'Trips',
    });
    const renameFavourites = await call('PATCH', `/api/lists/${favourites.id}`, fan.token, { name: 'Mine' });
    expect(renameFavourites.statusCode).toBe(403);
    expect(renameFavourites.body).toContain(listMessages.builtIn);
    expect((await call('DELETE', `/api/lists/${favourites.id}`, fan.token)).statusCode).toBe(403);
    expect((await lists(fan.token)).map((l) => l.name)).toEqual(['Favourites', 'Trips']);
    expect((await call('DELETE', `/api/lists/${travel.id}`, fan.token)).statusCode).toBe(204);
    expect((await lists(fan.token)).map((l) => l.name)).toEqual(['Favourites']);
  });

  it("adds and removes a creator from the profile's list menu, and the list is its owner's alone", async () => {
    const creator = await buildCreator(t, { approveWith: admin.token });
    const [fan, other] = await Promise.all([signUpVerified(t), signUpVerified(t)]);
    const handle = creator.creator.handle;
    const before = (await get(t, `/api/creators/${handle}/lists`, fan.token)).json<CreatorMembership>();
    expect(before.items.map((l) => [l.name, l.hasCreator])).toEqual([['Favourites', false]]);
    const favourites = before.items[0] as CreatorList;

    const added = await call('PUT', `/api/lists/${favourites.id}/creators/${creator.creator.id}`, fan.token);
    expect(added.json()).toMatchObject({ memberCount: 1 });
    const after = (await get(t, `/api/creators/${handle}/lists`, fan.token)).json<CreatorMembership>();
    expect(after.items[0]?.hasCreator).toBe(true);
    expect((await get(t, `/api/lists/${favourites.id}/creators`, fan.token)).json()).toMatchObject({
      items: [{ handle }],
    });

    // Someone else's list does not exist for them.
    expect((await get(t, `/api/lists/${favourites.id}/posts`, other.token)).statusCode).toBe(404);
    expect(
      (await call('PUT', `/api/lists/${favourites.id}/creators/${creator.creator.id}`, other.token))
        .statusCode,
    ).toBe(404);

    const removed = await call(
      'DELETE',
      `/api/lists/${favourites.id}/creators/${creator.creator.id}`,
      fan.token,
    );
    expect(removed.json()).toMatchObject({ memberCount: 0 });
  });

  it("reads a list's feed as Home does: its creators' posts only, newest first, paged, locked stays locked", async () => {
    const [inList, alsoInList, outside] = await Promise.all([
      buildCreator(t, { approveWith: admin.token }),
      buildCreator(t, { approveWith: admin.token }),
      buildCreator(t, { approveWith: admin.token }),
    ]);
    const fan = await signUpVerified(t);
    await buildPost(t, inList.token, { youtube: true, description: 'one' });
    await buildPost(t, outside.token, { youtube: true, description: 'not in the list' });
    await buildPost(t, alsoInList.token, { youtube: true, description: 'two', visibility: 'subscribers' });
    await buildPost(t, inList.token, { youtube: true, description: 'three' });
    const list = (await post(t, '/api/lists', { name: 'Art' }, { token: fan.token })).json<CreatorList>();
    for (const creator of [inList, alsoInList])
      await call('PUT', `/api/lists/${list.id}/creators/${creator.creator.id}`, fan.token);

    const all = await feed(fan.token, list.id);
    expect(all.items.map((p) => p.description)).toEqual(['three', 'two', 'one']);
    expect(all.items[1]).toMatchObject({ locked: true, youtubeId: null });
    // Not followed: a list is not a follow.
    expect((await get(t, '/api/feed', fan.token)).json<PostList>().items).toEqual([]);

    const first = await feed(fan.token, list.id, '?limit=2');
    expect(first.items.map((p) => p.description)).toEqual(['three', 'two']);
    const rest = await feed(fan.token, list.id, `?limit=2&cursor=${first.nextCursor}`);
    expect(rest.items.map((p) => p.description)).toEqual(['one']);
    expect(rest.nextCursor).toBeNull();

    // A block either way takes the creator's posts out of the list's feed.
    await post(t, '/api/me/blocks', { userId: fan.user.id }, { token: inList.token });
    expect((await feed(fan.token, list.id)).items.map((p) => p.description)).toEqual(['two']);
  });

  it('cannot add a creator the fan cannot see', async () => {
    const fan = await signUpVerified(t);
    const pending = await buildCreator(t);
    const favourites = (await lists(fan.token))[0] as CreatorList;
    const refused = await call(
      'PUT',
      `/api/lists/${favourites.id}/creators/${pending.creator.id}`,
      fan.token,
    );
    expect(refused.statusCode).toBe(404);
    expect(refused.body).toContain(listMessages.creatorNotFound);
  });
});

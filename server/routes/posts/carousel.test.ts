import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits } from '../../../common/limits.ts';
import type { MediaView } from '../../../common/schemas/media.ts';
import { type PostList, type PostView, postMessages } from '../../../common/schemas/posts.ts';
import { postPurchases } from '../../db/schema/index.ts';
import { type AccountsTestApp, bearer, get, signUpVerified, uniqueEmail } from '../../test/accounts.ts';
import { buildCreator } from '../../test/creators.ts';
import { createMediaTestApp, mediaRows, tusUpload, urlsIn, waitForProcessing } from '../../test/media.ts';
import { jpeg } from '../../test/media-fixtures.ts';

/** Posts with several photos and videos: the limit, the order, and who receives which media. */
describe('posts with several items', () => {
  let t: AccountsTestApp;
  const adminEmail = uniqueEmail('admin');
  let admin: { token: string };
  beforeAll(async () => {
    t = await createMediaTestApp({ ADMIN_EMAILS: adminEmail }, { runJobs: true });
    admin = await signUpVerified(t, { email: adminEmail });
  });
  afterAll(async () => {
    await t.close();
  });

  const create = (token: string, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/posts', payload, headers: bearer(token) });
  const uploadImages = async (token: string, count: number) => {
    const ids: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const { last } = await tusUpload(t, token, await jpeg(320 + index * 8, 240), {
        filetype: 'image/jpeg',
      });
      const id = (JSON.parse(last.body) as MediaView).id;
      await waitForProcessing(t, token, id);
      ids.push(id);
    }
    return ids;
  };

  it(`refuses more than ${limits.postItemsMax} items and the same item twice, with messages`, async () => {
    const { token } = await buildCreator(t, { approveWith: admin.token });
    const tooMany = await create(token, {
      description: 'Too many',
      mediaIds: Array.from({ length: limits.postItemsMax + 1 }, () => randomUUID()),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ fields: { mediaIds: postMessages.tooManyItems } });
    const same = randomUUID();
    expect((await create(token, { description: 'Twice', mediaIds: [same, same] })).json()).toMatchObject({
      fields: { mediaIds: postMessages.repeatedItem },
    });
    const stranger = await buildCreator(t, { approveWith: admin.token });
    const [theirs] = await uploadImages(stranger.token, 1);
    const [mine] = await uploadImages(token, 1);
    expect((await create(token, { description: 'Not mine', mediaIds: [mine, theirs] })).json()).toMatchObject(
      {
        fields: { mediaIds: postMessages.mediaMissing },
      },
    );
  });

  it('keeps the order, and never sends a locked item to someone not entitled; one unlock opens all of them', async () => {
    const creator = await buildCreator(t, { approveWith: admin.token });
    const mediaIds = await uploadImages(creator.token, 3);
    const created = await create(creator.token, {
      description: 'Three in one',
      mediaIds,
      visibility: 'pay_per_view',
      price: '5.00',
    });
    expect(created.statusCode).toBe(201);
    const own = created.json<PostView>();
    expect(own.items.map((item) => item.id)).toEqual(mediaIds);
    expect(own.media?.id).toBe(mediaIds[0]);
    expect(own.itemCounts).toEqual({ photos: 3, videos: 0 });

    const fan = await signUpVerified(t);
    const reads = async (token?: string) => [
      await get(t, `/api/posts/${own.id}`, token),
      await get(t, `/api/creators/${creator.creator.handle}/posts`, token),
      await get(t, '/api/discover', token),
    ];
    const everyUrl = (view: PostView) => [
      ...(view.media ? urlsIn(view.media) : []),
      ...view.items.flatMap((item) => urlsIn(item)),
    ];
    for (const token of [fan.token, undefined]) {
      for (const response of await reads(token)) {
        expect(response.statusCode).toBe(200);
        // The later items are not even named to a viewer who has not unlocked the post.
        expect(response.body).not.toContain(mediaIds[1]);
        expect(response.body).not.toContain(mediaIds[2]);
      }
      const view = (await get(t, `/api/posts/${own.id}`, token)).json<PostView>();
      expect(view).toMatchObject({ locked: true, items: [], itemCounts: { photos: 3, videos: 0 } });
      // Only the cover's blurred preview leaves the server.
      expect([...new Set(everyUrl(view))]).toEqual([view.media?.urls.preview]);
    }

    // The same per-post unlock as a one-item post: a purchase of the post opens every item.
    await t.app.services.database.db.insert(postPurchases).values({ fanId: fan.user.id, postId: own.id });
    const unlocked = (await get(t, `/api/posts/${own.id}`, fan.token)).json<PostView>();
    expect(unlocked.locked).toBe(false);
    expect(unlocked.items.map((item) => item.id)).toEqual(mediaIds);
    for (const item of unlocked.items) expect(urlsIn(item).length).toBeGreaterThan(1);
    const listed = (
      await get(t, `/api/creators/${creator.creator.handle}/posts`, fan.token)
    ).json<PostList>();
    expect(listed.items.find((item) => item.id === own.id)?.items).toHaveLength(3);
  });

  it('reuses an item in a second post, and deleting one post keeps what the other still shows', async () => {
    const { token } = await buildCreator(t, { approveWith: admin.token });
    const [a, b] = await uploadImages(token, 2);
    const first = (await create(token, { description: 'First', mediaIds: [a, b] })).json<PostView>();
    const second = (await create(token, { description: 'Second', mediaId: b })).json<PostView>();
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/posts/${first.id}`,
      headers: bearer(token),
    });
    expect(deleted.statusCode).toBe(204);
    const ids = (await mediaRows(t)).map((row) => row.id);
    expect(ids).toContain(b);
    expect(ids).not.toContain(a);
    expect((await get(t, `/api/posts/${second.id}`, token)).json<PostView>().media?.id).toBe(b);
  });
});

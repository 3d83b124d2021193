import { desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostList, PostView } from '../../../common/schemas/posts.ts';
import { media, posts } from '../../db/schema/index.ts';
import { createEntitlementsRepository } from '../../repositories/billing/fan-payments/entitlements.repository.ts';
import { createMediaRepository } from '../../repositories/media/media.repository.ts';
import { createPostsRepository } from '../../repositories/posts/index.ts';
import { createBlocksRepository } from '../../repositories/safety/blocks.repository.ts';
import { type AccountsTestApp, bearer, get, signUpVerified } from '../../test/accounts.ts';
import { MINUTE } from '../../test/clock.ts';
import { buildCreator, buildPost } from '../../test/creators.ts';
import { createMediaTestApp } from '../../test/media.ts';

/**
 * The signed-in feeds read each page in one statement: Home merges one index range per followed
 * creator, Discover reads both of its streams at once, and every page carries the viewer's likes,
 * follows and entitlements. These tests hold those pages to what a post's own page says.
 */
describe('signed-in feed pages', () => {
  let t: AccountsTestApp;
  let admin: { token: string };
  beforeAll(async () => {
    t = await createMediaTestApp({ ADMIN_EMAILS: 'feeds-admin@example.com' });
    admin = await signUpVerified(t, { email: 'feeds-admin@example.com' });
  });
  afterAll(async () => {
    await t.close();
  });

  const follow = async (token: string, handle: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/creators/${handle}/follow`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
  };
  const walk = async (path: string, token: string, limit: number) => {
    const seen: PostView[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 50; page += 1) {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const list: PostList = (await get(t, `${path}?limit=${limit}${query}`, token)).json<PostList>();
      expect(list.items.length).toBeLessThanOrEqual(limit);
      seen.push(...list.items);
      cursor = list.nextCursor;
      if (!cursor) return seen;
    }
    throw new Error(`${path} did not end`);
  };

  it('Home pages through every followed creator newest first, without gaps or repeats, and leaves out blocks', async () => {
    const creators = await Promise.all(
      Array.from({ length: 4 }, () => buildCreator(t, { approveWith: admin.token })),
    );
    const stranger = await buildCreator(t, { approveWith: admin.token });
    const fan = await signUpVerified(t);
    for (const creator of creators) await follow(fan.token, creator.creator.handle);
    // Creators post in turns and at different rates, so a page mixes them unevenly.
    const expected: string[] = [];
    for (let round = 0; round < 5; round += 1) {
      for (const [index, creator] of creators.entries()) {
        if (round > index + 1) continue;
        const post = await buildPost(t, creator.token, { youtube: true });
        expected.push(post.id);
        t.clock.advance(MINUTE);
      }
      await buildPost(t, stranger.token, { youtube: true });
    }
    expected.reverse();

    for (const limit of [1, 3, 4, 20]) {
      const seen = await walk('/api/feed', fan.token, limit);
      expect(seen.map((post) => post.id)).toEqual(expected);
    }

    // A block, either way round, takes that creator's posts out of Home.
    const [blocked] = creators;
    if (!blocked) throw new Error('no creator');
    await createBlocksRepository(t.app.services.database.db).block(
      blocked.user.id,
      fan.user.id,
      t.clock.now(),
    );
    const afterBlock = await walk('/api/feed', fan.token, 3);
    expect(afterBlock.map((post) => post.creator.handle)).not.toContain(blocked.creator.handle);
    expect(afterBlock).toHaveLength(expected.length - 2);
  });

  it('Discover pages through followed creators in rank order, however unevenly they post', async () => {
    const followed = await Promise.all(
      Array.from({ length: 4 }, () => buildCreator(t, { approveWith: admin.token })),
    );
    const fan = await signUpVerified(t);
    for (const creator of followed) await follow(fan.token, creator.creator.handle);
    const made: string[] = [];
    for (let round = 0; round < 5; round += 1) {
      for (const [index, creator] of followed.entries()) {
        if (round > index + 1) continue;
        made.push((await buildPost(t, creator.token, { youtube: true })).id);
        t.clock.advance(MINUTE);
      }
    }
    // Likes reorder them: rank blends recency with likes.
    const likers = await Promise.all(Array.from({ length: 3 }, () => signUpVerified(t)));
    for (const [index, id] of made.entries()) {
      for (const liker of likers.slice(0, index % 4)) {
        await t.app.inject({ method: 'POST', url: `/api/posts/${id}/like`, headers: bearer(liker.token) });
      }
    }
    const { db } = t.app.services.database;
    const ranked = await db
      .select({ id: posts.id })
      .from(posts)
      .where(inArray(posts.id, made))
      .orderBy(desc(posts.rankScore), desc(posts.id));
    const handles = new Set(followed.map((creator) => creator.creator.handle));
    for (const limit of [1, 3, 7]) {
      const seen = await walk('/api/discover', fan.token, limit);
      const ofFollowed = seen.filter((post) => handles.has(post.creator.handle)).map((post) => post.id);
      expect(ofFollowed).toEqual(ranked.map((row) => row.id));
      expect(new Set(seen.map((post) => post.id)).size).toBe(seen.length);
    }
  });

  it("carries each viewer's likes, follows and entitlements exactly as the post's own page does", async () => {
    const owner = await buildCreator(t, { approveWith: admin.token });
    const other = await buildCreator(t, { approveWith: admin.token });
    const made = [
      await buildPost(t, owner.token, { youtube: true, visibility: 'public' }),
      await buildPost(t, owner.token, { youtube: true, visibility: 'subscribers' }),
      await buildPost(t, owner.token, { youtube: true, visibility: 'pay_per_view', price: '4.99' }),
      await buildPost(t, other.token, { youtube: true, visibility: 'subscribers' }),
      await buildPost(t, other.token, { youtube: true, visibility: 'pay_per_view', price: '2.99' }),
    ];
    const [, ownersLocked, ownersPaid, othersLocked, othersPaid] = made;
    if (!ownersLocked || !ownersPaid || !othersLocked || !othersPaid) throw new Error('no posts');
    const fan = await signUpVerified(t);
    await follow(fan.token, owner.creator.handle);
    const now = t.clock.now();
    const entitlements = createEntitlementsRepository(t.app.services.database.db);
    // Subscribed to the creator they do not follow; bought one post of each creator.
    await entitlements.grantSubscription(
      fan.user.id,
      other.creator.id,
      new Date(now.getTime() + 86_400_000),
      now,
    );
    await entitlements.grantPurchase(fan.user.id, ownersPaid.id, now);
    await entitlements.grantPurchase(fan.user.id, othersPaid.id, now);
    for (const post of [ownersLocked, othersLocked]) {
      const liked = await t.app.inject({
        method: 'POST',
        url: `/api/posts/${post.id}/like`,
        headers: bearer(fan.token),
      });
      expect(liked.statusCode).toBe(200);
    }
    const ids = new Set(made.map((post) => post.id));
    const own = async (id: string) => (await get(t, `/api/posts/${id}`, fan.token)).json<PostView>();

    const pages = {
      discover: await walk('/api/discover', fan.token, 2),
      home: await walk('/api/feed', fan.token, 2),
      ownerProfile: await walk(`/api/creators/${owner.creator.handle}/posts`, fan.token, 2),
      otherProfile: await walk(`/api/creators/${other.creator.handle}/posts`, fan.token, 2),
      liked: await walk('/api/me/liked', fan.token, 2),
    };
    expect(pages.home.map((post) => post.id)).toEqual([ownersPaid.id, ownersLocked.id, made[0]?.id]);
    expect(pages.liked.map((post) => post.id).sort()).toEqual([ownersLocked.id, othersLocked.id].sort());
    for (const [name, items] of Object.entries(pages)) {
      const mine = items.filter((post) => ids.has(post.id));
      expect(mine.length, name).toBeGreaterThan(0);
      for (const item of mine) expect({ name, ...item }).toEqual({ name, ...(await own(item.id)) });
    }
    // The facts themselves, so that both paths cannot be wrong the same way.
    const discovered = new Map(pages.discover.map((post) => [post.id, post]));
    expect(discovered.get(ownersLocked.id)).toMatchObject({ liked: true, locked: true });
    expect(discovered.get(ownersPaid.id)).toMatchObject({ liked: false, locked: false });
    expect(discovered.get(othersLocked.id)).toMatchObject({ liked: true, locked: false });
    expect(discovered.get(othersPaid.id)).toMatchObject({ locked: false });
    expect(discovered.get(ownersLocked.id)?.creator.isFollowing).toBe(true);
    expect(discovered.get(othersLocked.id)?.creator.isFollowing).toBe(false);
    // Followed creators come first in Discover (their posts are lifted).
    expect(pages.discover.findIndex((post) => post.id === ownersPaid.id)).toBeLessThan(
      pages.discover.findIndex((post) => post.id === othersPaid.id),
    );
  });

  it('shows a post once its media is ready and hides it again when the media fails or is deleted', async () => {
    const creator = await buildCreator(t, { approveWith: admin.token });
    const { db } = t.app.services.database;
    const mediaRepository = createMediaRepository(db);
    const postsRepository = createPostsRepository(db);
    const item = await mediaRepository.create({
      ownerId: creator.user.id,
      kind: 'image',
      purpose: 'post',
      visibility: 'private',
      mime: 'image/jpeg',
      byteSize: 1000,
    });
    const post = await postsRepository.create({ creatorId: creator.creator.id, mediaId: item.id });
    const showable = async () => (await postsRepository.find(post.id))?.post.showable;
    const onProfile = async (token?: string) =>
      (await get(t, `/api/creators/${creator.creator.handle}/posts`, token))
        .json<PostList>()
        .items.map((row) => row.id);

    expect(await showable()).toBe(false);
    expect(await onProfile()).toEqual([]);
    // The creator sees their own post while it is processing.
    expect(await onProfile(creator.token)).toEqual([post.id]);

    await mediaRepository.finishProcessing(item.id, { status: 'ready' });
    expect(await showable()).toBe(true);
    expect(await onProfile()).toEqual([post.id]);

    // Any change of status, by whatever code path, is followed.
    const setStatus = (status: 'ready' | 'failed') =>
      db.update(media).set({ status }).where(eq(media.id, item.id));
    await setStatus('failed');
    expect(await showable()).toBe(false);
    await setStatus('ready');
    expect(await showable()).toBe(true);
    await mediaRepository.delete(item.id);
    expect(await showable()).toBe(false);
    expect(await onProfile()).toEqual([]);

    // An embed is always something to show.
    const embed = await postsRepository.create({ creatorId: creator.creator.id, youtubeId: 'dQw4w9WgXcQ' });
    expect((await postsRepository.find(embed.id))?.post.showable).toBe(true);
  });
});

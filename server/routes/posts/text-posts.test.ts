import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PostList, type PostView, postMessages } from '../../../common/schemas/posts.ts';
import { createEntitlementsRepository } from '../../repositories/billing/fan-payments/entitlements.repository.ts';
import { bearer, get, signUpVerified } from '../../test/accounts.ts';
import { HOUR } from '../../test/clock.ts';
import { buildCreator, buildPost } from '../../test/creators.ts';
import { createMediaTestApp, type MediaTestApp } from '../../test/media.ts';

/** A text post: no photo, video or link; its text is its content, withheld while it is locked. */
describe('text posts', () => {
  let t: MediaTestApp;
  let owner: Awaited<ReturnType<typeof buildCreator>>;
  const tokens = {} as Record<'fan' | 'subscriber' | 'buyer', string>;
  const secret = {
    subscribers: 'Subscribers-only thoughts: the tour starts in May',
    pay_per_view: 'Paid essay: how the album was made',
  };
  const posts = {} as Record<'public' | 'subscribers' | 'pay_per_view', PostView>;

  const create = (token: string, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/posts', payload, headers: bearer(token) });

  beforeAll(async () => {
    t = await createMediaTestApp({ ADMIN_EMAILS: 'text-posts-admin@example.com' }, { runJobs: true });
    const admin = await signUpVerified(t, { email: 'text-posts-admin@example.com' });
    owner = await buildCreator(t, { approveWith: admin.token });
    const [fan, subscriber, buyer] = await Promise.all([
      signUpVerified(t),
      signUpVerified(t),
      signUpVerified(t),
    ]);
    Object.assign(tokens, { fan: fan.token, subscriber: subscriber.token, buyer: buyer.token });
    for (const [visibility, description, extra] of [
      ['public', 'Hello everyone, a plain text post', {}],
      ['subscribers', secret.subscribers, {}],
      ['pay_per_view', secret.pay_per_view, { price: '2.50' }],
    ] as const) {
      const response = await create(owner.token, { description, visibility, ...extra });
      expect(response.statusCode, response.body).toBe(201);
      posts[visibility] = response.json<PostView>();
    }
    // The fan follows (the home feed), the subscriber subscribes, the buyer buys the paid post.
    await t.app.inject({
      method: 'POST',
      url: `/api/creators/${owner.creator.handle}/follow`,
      headers: bearer(fan.token),
    });
    const entitlements = createEntitlementsRepository(t.app.services.database.db);
    const now = t.clock.now();
    await entitlements.grantSubscription(
      subscriber.user.id,
      owner.creator.id,
      new Date(now.getTime() + 10 * 86_400_000),
      now,
    );
    await entitlements.grantPurchase(buyer.user.id, posts.pay_per_view.id, now);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('publishes a post with only its text, with every visibility', () => {
    for (const visibility of ['public', 'subscribers', 'pay_per_view'] as const) {
      expect(posts[visibility]).toMatchObject({
        visibility,
        textOnly: true,
        media: null,
        items: [],
        youtubeId: null,
        itemCounts: { photos: 0, videos: 0 },
        locked: false,
        status: 'published',
      });
    }
    expect(posts.subscribers.description).toBe(secret.subscribers);
    expect(posts.pay_per_view.price).toEqual({ amount: 250, currency: 'USD' });
  });

  it('refuses a post without media whose text is blank, with a clear message', async () => {
    for (const description of ['', '   \n  ']) {
      const refused = await create(owner.token, { description, visibility: 'public' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ fields: object }>().fields).toMatchObject({
        description: postMessages.descriptionRequired,
      });
    }
    const tooLong = await create(owner.token, { description: 'x'.repeat(501) });
    expect(tooLong.json<{ fields: object }>().fields).toMatchObject({
      description: postMessages.descriptionTooLong,
    });
  });

  it('never sends a locked text post’s text to someone not entitled, wherever the post is shown', async () => {
    const answers = async (token: string | undefined) => [
      (await get(t, `/api/posts/${posts.subscribers.id}`, token)).body,
      (await get(t, `/api/posts/${posts.pay_per_view.id}`, token)).body,
      (await get(t, `/api/creators/${owner.creator.handle}/posts`, token)).body,
      (await get(t, '/api/discover', token)).body,
      ...(token ? [(await get(t, '/api/feed', token)).body] : []),
    ];
    for (const token of [undefined, tokens.fan]) {
      const bodies = await answers(token);
      for (const body of bodies) {
        expect(body).not.toContain(secret.subscribers);
        expect(body).not.toContain(secret.pay_per_view);
      }
      const view = (await get(t, `/api/posts/${posts.pay_per_view.id}`, token)).json<PostView>();
      // It is there, with its price and a lock: only the text is missing.
      expect(view).toMatchObject({
        locked: true,
        textOnly: true,
        description: '',
        price: { amount: 250, currency: 'USD' },
        media: null,
        items: [],
      });
    }
    // The fan's home feed and the profile carry the locked posts (existence, lock), not their text.
    const feed = (await get(t, '/api/feed', tokens.fan)).json<PostList>();
    const locked = feed.items.filter((item) => item.textOnly && item.locked).map((item) => item.id);
    expect(locked.sort()).toEqual([posts.subscribers.id, posts.pay_per_view.id].sort());
    const publicPost = feed.items.find((item) => item.id === posts.public.id);
    expect(publicPost).toMatchObject({ locked: false, description: 'Hello everyone, a plain text post' });
  });

  it('shows the text to those entitled: a subscriber, a buyer, the creator', async () => {
    const read = async (id: string, token: string) =>
      (await get(t, `/api/posts/${id}`, token)).json<PostView>();
    expect(await read(posts.subscribers.id, tokens.subscriber)).toMatchObject({
      locked: false,
      description: secret.subscribers,
    });
    expect((await read(posts.pay_per_view.id, tokens.subscriber)).description).toBe('');
    expect(await read(posts.pay_per_view.id, tokens.buyer)).toMatchObject({
      locked: false,
      description: secret.pay_per_view,
    });
    expect((await read(posts.pay_per_view.id, owner.token)).description).toBe(secret.pay_per_view);
    const list = (
      await get(t, `/api/creators/${owner.creator.handle}/posts`, tokens.subscriber)
    ).json<PostList>();
    expect(list.items.find((item) => item.id === posts.subscribers.id)?.description).toBe(secret.subscribers);
  });

  it('keeps the caption of a locked media post shown, as before (the caption is not the content)', async () => {
    const media = await buildPost(t, owner.token, {
      visibility: 'subscribers',
      description: 'Caption of a locked photo',
    });
    const view = (await get(t, `/api/posts/${media.id}`, tokens.fan)).json<PostView>();
    expect(view).toMatchObject({ locked: true, textOnly: false, description: 'Caption of a locked photo' });
  });

  it('takes a poll, drafts, schedules, edits and pins as other posts do', async () => {
    const withPoll = await create(owner.token, {
      description: 'Which song next?',
      visibility: 'subscribers',
      poll: {
        options: ['Blue', 'Green'],
        endsAt: new Date(t.clock.now().getTime() + 24 * HOUR).toISOString(),
      },
    });
    expect(withPoll.statusCode, withPoll.body).toBe(201);
    const pollId = withPoll.json<PostView>().id;
    expect((await get(t, `/api/posts/${pollId}`, tokens.fan)).json<PostView>()).toMatchObject({
      poll: null,
      description: '',
    });
    expect(
      (await get(t, `/api/posts/${pollId}`, tokens.subscriber)).json<PostView>().poll?.options,
    ).toHaveLength(2);

    const draft = (
      await create(owner.token, { description: 'Draft words', publish: 'draft' })
    ).json<PostView>();
    expect(draft).toMatchObject({ status: 'draft', textOnly: true });
    const scheduled = await create(owner.token, {
      description: 'Later words',
      publish: 'scheduled',
      publishAt: new Date(t.clock.now().getTime() + 2 * HOUR).toISOString(),
    });
    expect(scheduled.json<PostView>()).toMatchObject({ status: 'scheduled', textOnly: true });

    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/posts/${draft.id}`,
      headers: bearer(owner.token),
      payload: { description: 'Draft words, edited', publish: 'now' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const out = edited.json<PostView>();
    expect(out).toMatchObject({ status: 'published', description: 'Draft words, edited', textOnly: true });
    const pinned = await t.app.inject({
      method: 'PUT',
      url: `/api/posts/${out.id}/pin`,
      headers: bearer(owner.token),
    });
    expect(pinned.statusCode, pinned.body).toBe(200);
    expect(pinned.json<PostView>()).toMatchObject({ pinned: true, textOnly: true });
    const blank = await t.app.inject({
      method: 'PATCH',
      url: `/api/posts/${out.id}`,
      headers: bearer(owner.token),
      payload: { description: '  ' },
    });
    expect(blank.statusCode).toBe(400);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostList, PostView } from '../../../common/schemas/posts.ts';
import { createEntitlementsRepository } from '../../repositories/billing/fan-payments/entitlements.repository.ts';
import { type AccountsTestApp, bearer, get, signUpVerified, uniqueEmail } from '../../test/accounts.ts';
import { buildCreator, buildPost } from '../../test/creators.ts';
import { createMediaTestApp, fetchUrl, urlsIn } from '../../test/media.ts';

type Who = 'anonymous' | 'follower' | 'subscriber' | 'buyer' | 'owner' | 'admin';
type Visibility = 'public' | 'subscribers' | 'pay_per_view';

/** Who gets the content itself (true) rather than the blurred preview only (false). */
const expected: Record<Visibility, Record<Who, boolean>> = {
  public: { anonymous: true, follower: true, subscriber: true, buyer: true, owner: true, admin: true },
  subscribers: {
    anonymous: false,
    follower: false,
    subscriber: true,
    buyer: false,
    owner: true,
    admin: true,
  },
  pay_per_view: {
    anonymous: false,
    follower: false,
    subscriber: false,
    buyer: true,
    owner: true,
    admin: true,
  },
};

describe('post visibility', () => {
  let t: AccountsTestApp;
  const adminEmail = uniqueEmail('admin');
  const tokens = {} as Record<Who, string | undefined>;
  const posts = {} as Record<Visibility, PostView>;
  let creatorHandle = '';

  beforeAll(async () => {
    t = await createMediaTestApp({ ADMIN_EMAILS: adminEmail }, { runJobs: true });
    const admin = await signUpVerified(t, { email: adminEmail });
    const owner = await buildCreator(t, { approveWith: admin.token });
    creatorHandle = owner.creator.handle;
    const [follower, subscriber, buyer] = await Promise.all([
      signUpVerified(t),
      signUpVerified(t),
      signUpVerified(t),
    ]);
    Object.assign(tokens, {
      anonymous: undefined,
      follower: follower.token,
      subscriber: subscriber.token,
      buyer: buyer.token,
      owner: owner.token,
      admin: admin.token,
    });
    posts.public = await buildPost(t, owner.token, { visibility: 'public' });
    posts.subscribers = await buildPost(t, owner.token, { visibility: 'subscribers' });
    posts.pay_per_view = await buildPost(t, owner.token, { visibility: 'pay_per_view', price: '4.99' });

    await t.app.inject({
      method: 'POST',
      url: `/api/creators/${creatorHandle}/follow`,
      headers: bearer(follower.token),
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

  const whos = Object.keys(expected.public) as Who[];
  const visibilities = Object.keys(expected) as Visibility[];

  for (const visibility of visibilities) {
    for (const who of whos) {
      const entitled = expected[visibility][who];
      it(`${visibility} post, ${who}: ${entitled ? 'the content' : 'the blurred preview only'}`, async () => {
        const view = (await get(t, `/api/posts/${posts[visibility].id}`, tokens[who])).json<PostView>();
        expect(view.locked).toBe(!entitled);
        expect(view.media?.urls.preview).toBeTruthy();
        if (entitled) {
          expect(view.media?.urls.sources.length).toBeGreaterThan(0);
          const original = await fetchUrl(t, view.media?.url as string);
          expect(original.statusCode).toBe(200);
        } else {
          // Nothing but the preview: no rendition, no poster, no signed link at all.
          expect(new Set(urlsIn(view.media as NonNullable<PostView['media']>))).toEqual(
            new Set([view.media?.urls.preview]),
          );
          expect(view.media?.url).toBe(view.media?.urls.preview);
          expect(view.media?.urlsExpireAt).toBeNull();
          expect(JSON.stringify(view)).not.toMatch(/sig=/);
        }
      });
    }
  }

  it('applies the same rule in lists: the profile tabs and Discover', async () => {
    const list = (await get(t, `/api/creators/${creatorHandle}/posts`, tokens.subscriber)).json<PostList>();
    const byId = new Map(list.items.map((item) => [item.id, item.locked]));
    expect(byId.get(posts.public.id)).toBe(false);
    expect(byId.get(posts.subscribers.id)).toBe(false);
    expect(byId.get(posts.pay_per_view.id)).toBe(true);
    const discover = (await get(t, '/api/discover', tokens.anonymous)).json<PostList>();
    expect(discover.items.filter((item) => !item.locked).map((item) => item.id)).toEqual([posts.public.id]);
  });

  it("counts the buyer's unlocked posts for the private profile's Purchased tab", async () => {
    const counts = async (who: Who) =>
      (await get(t, '/api/creators/me', tokens[who])).json<{ counts: { purchased: number } }>().counts;
    expect((await counts('buyer')).purchased).toBe(1);
    expect((await counts('subscriber')).purchased).toBe(0);
  });

  it('locks subscriber posts again once the subscription period has ended', async () => {
    t.clock.advance(11 * 86_400_000);
    try {
      const view = (await get(t, `/api/posts/${posts.subscribers.id}`, tokens.subscriber)).json<PostView>();
      expect(view.locked).toBe(true);
      const bought = (await get(t, `/api/posts/${posts.pay_per_view.id}`, tokens.buyer)).json<PostView>();
      expect(bought.locked).toBe(false);
    } finally {
      t.clock.advance(-11 * 86_400_000);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FanSubscriptionList } from '../../../common/schemas/monetization.ts';
import type { PostList, PostView } from '../../../common/schemas/posts.ts';
import { buildPost } from '../../test/creators.ts';
import { fetchUrl, urlsIn } from '../../test/media.ts';
import {
  call,
  createMonetizationTestApp,
  creator,
  DAY,
  fan,
  ledgerBalanced,
  type MonetizationTestApp,
  ok,
  runJob,
  signIn,
  subscribed,
  unlocked,
} from './test-harness.ts';

type Who = 'stranger' | 'subscriber' | 'buyer';

/**
 * The entitlement matrix on real media: who gets signed links to the originals of a subscriber
 * post and a pay-per-view post, before paying, right after the payment is verified, after the
 * subscriber cancels, and after the subscription expires.
 */
describe('entitlements follow payments', () => {
  let t: MonetizationTestApp;
  const tokens = {} as Record<Who, string>;
  const users = {} as Record<Who, { email: string; password: string }>;
  let forSubscribers: PostView;
  let payPerView: PostView;
  let handle = '';
  let subscriptionId = '';

  beforeAll(async () => {
    t = await createMonetizationTestApp('sandbox', { runJobs: true });
    const owner = await creator(t, '9.00');
    handle = owner.creator.handle;
    forSubscribers = await buildPost(t, owner.token, { visibility: 'subscribers' });
    payPerView = await buildPost(t, owner.token, { visibility: 'pay_per_view', price: '6.00' });
    for (const who of ['stranger', 'subscriber', 'buyer'] as const) {
      const account = await fan(t);
      tokens[who] = account.token;
      users[who] = account;
    }
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  async function sees(who: Who, post: PostView): Promise<boolean> {
    const view = await ok<PostView>(call(t, 'GET', `/api/posts/${post.id}`, tokens[who]));
    const media = view.media;
    if (!media) throw new Error('post without media');
    if (view.locked) {
      // Nothing but the blurred preview: no rendition and no signed link.
      expect(new Set(urlsIn(media))).toEqual(new Set([media.urls.preview]));
      expect(JSON.stringify(view)).not.toMatch(/sig=/);
      return false;
    }
    expect(media.urls.sources.length).toBeGreaterThan(0);
    const original = await fetchUrl(t, media.url as string);
    expect(original.statusCode).toBe(200);
    return true;
  }

  async function matrix() {
    const result: Record<Who, [boolean, boolean]> = {} as Record<Who, [boolean, boolean]>;
    for (const who of ['stranger', 'subscriber', 'buyer'] as const)
      result[who] = [await sees(who, forSubscribers), await sees(who, payPerView)];
    return result;
  }

  it('before anyone pays, everyone gets the blurred previews only', async () => {
    expect(await matrix()).toEqual({
      stranger: [false, false],
      subscriber: [false, false],
      buyer: [false, false],
    });
  });

  it('right after verification, the payer gets signed links to the originals', async () => {
    const { verified } = await subscribed(t, tokens.subscriber, handle);
    subscriptionId = verified.subscription?.id ?? '';
    await unlocked(t, tokens.buyer, payPerView.id);
    expect(await matrix()).toEqual({
      stranger: [false, false],
      subscriber: [true, false],
      buyer: [false, true],
    });
    const tab = await ok<PostList>(call(t, 'GET', `/api/creators/${handle}/posts`, tokens.subscriber));
    expect(tab.items.find((item) => item.id === forSubscribers.id)?.locked).toBe(false);
    await ledgerBalanced(t);
  });

  it('after the subscriber cancels, access lasts until the period ends', async () => {
    await ok(call(t, 'POST', `/api/me/subscriptions/${subscriptionId}/cancel`, tokens.subscriber));
    t.clock.advance(29 * DAY);
    for (const who of ['stranger', 'subscriber', 'buyer'] as const) tokens[who] = await signIn(t, users[who]);
    expect(await matrix()).toEqual({
      stranger: [false, false],
      subscriber: [true, false],
      buyer: [false, true],
    });
  });

  it('after the subscription expires, subscriber originals are no longer served; the unlock is permanent', async () => {
    t.clock.advance(DAY + 60_000);
    expect(await matrix()).toEqual({
      stranger: [false, false],
      subscriber: [false, false],
      buyer: [false, true],
    });
    await runJob(t);
    const mine = await ok<FanSubscriptionList>(call(t, 'GET', '/api/me/subscriptions', tokens.subscriber));
    expect(mine.items[0]).toMatchObject({ status: 'expired', hasAccess: false });
    t.clock.advance(365 * DAY);
    tokens.buyer = await signIn(t, users.buyer);
    expect(await sees('buyer', payPerView)).toBe(true);
    await ledgerBalanced(t);
  });
});

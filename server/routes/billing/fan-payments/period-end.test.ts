import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FanSubscriptionList } from '../../../../common/schemas/fan-payments.ts';
import type { PostList, PostView } from '../../../../common/schemas/posts.ts';
import {
  call,
  createFanPaymentTestApp,
  creator,
  type FanPaymentTestApp,
  fan,
  ok,
  signIn,
  subscribed,
  subscriberPost,
} from '../../../test/billing/fan-payments.ts';

/**
 * Access at the exact end of a paid period: the period is half-open, [start, end). One millisecond
 * before the end the subscriber still has the post; at the end instant it is locked, on every
 * surface that decides it (the post, the creator's posts tab, the fan's subscription list).
 */
describe('access at the end of a paid period', () => {
  let t: FanPaymentTestApp;
  let subscriber: { email: string; password: string; token: string };
  let post: PostView;
  let handle = '';
  let periodEnd = 0;

  beforeAll(async () => {
    t = await createFanPaymentTestApp('sandbox');
    const owner = await creator(t, '7.00');
    handle = owner.creator.handle;
    post = await subscriberPost(t, owner.token);
    subscriber = await fan(t);
    const { verified } = await subscribed(t, subscriber.token, handle);
    periodEnd = new Date(verified.subscription?.currentPeriodEnd ?? Number.NaN).getTime();
    expect(Number.isFinite(periodEnd)).toBe(true);
    // A cancelled subscription is not renewed: the period end is where access stops.
    await ok(call(t, 'POST', `/api/me/subscriptions/${verified.subscription?.id}/cancel`, subscriber.token));
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  /** Moves the test clock to exactly `at` (it only moves forward) and signs in again. */
  async function standAt(at: number): Promise<void> {
    const now = t.clock.now().getTime();
    expect(at).toBeGreaterThanOrEqual(now);
    t.clock.advance(at - now);
    expect(t.clock.now().getTime()).toBe(at);
    subscriber.token = await signIn(t, subscriber);
  }

  async function access() {
    const view = await ok<PostView>(call(t, 'GET', `/api/posts/${post.id}`, subscriber.token));
    const tab = await ok<PostList>(call(t, 'GET', `/api/creators/${handle}/posts`, subscriber.token));
    const mine = await ok<FanSubscriptionList>(call(t, 'GET', '/api/me/subscriptions', subscriber.token));
    return {
      post: !view.locked,
      tab: tab.items.find((item) => item.id === post.id)?.locked === false,
      subscription: mine.items[0]?.hasAccess,
    };
  }

  it('one millisecond before the end, the subscriber still has access', async () => {
    await standAt(periodEnd - 1);
    expect(await access()).toEqual({ post: true, tab: true, subscription: true });
  });

  it('at the end instant, access has ended everywhere', async () => {
    await standAt(periodEnd);
    expect(await access()).toEqual({ post: false, tab: false, subscription: false });
  });
});

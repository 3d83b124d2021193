import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FanSubscriptionList } from '../../../../common/schemas/fan-payments.ts';
import type { PostList, PostView } from '../../../../common/schemas/posts.ts';
import {
  call,
  createFanPaymentTestApp,
  creator,
  DAY,
  type FanPaymentTestApp,
  fan,
  ledgerBalanced,
  ok,
  runJob,
  signIn,
  subscribed,
  unlocked,
} from '../../../test/billing/fan-payments.ts';
import { buildPost } from '../../../test/creators.ts';
import { fetchMedia, fetchUrl, urlsIn } from '../../../test/media.ts';
import { testVideo } from '../../../test/media-fixtures.ts';

type Who = 'stranger' | 'subscriber' | 'buyer';

/**
 * The entitlement matrix on real media: who gets signed links to the originals of a subscriber
 * post and a pay-per-view post, before paying, right after the payment is verified, after the
 * subscriber cancels, and after the subscription expires.
 */
describe('entitlements follow payments', () => {
  let t: FanPaymentTestApp;
  const tokens = {} as Record<Who, string>;
  const users = {} as Record<Who, { email: string; password: string }>;
  let forSubscribers: PostView;
  let payPerView: PostView;
  let handle = '';
  let subscriptionId = '';

  beforeAll(async () => {
    t = await createFanPaymentTestApp('sandbox', { runJobs: true });
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

  it('a locked video: the buyer gets its HLS playlists and segments, everyone else the blurred poster only', async () => {
    const owner = await creator(t, '5.00');
    const clip = await buildPost(t, owner.token, {
      visibility: 'pay_per_view',
      price: '3.00',
      video: testVideo({ size: '640x360' }),
    });
    const mediaId = clip.media?.id as string;
    const [buyer, stranger] = [await fan(t), await fan(t)];

    const before = await ok<PostView>(call(t, 'GET', `/api/posts/${clip.id}`, buyer.token));
    expect(before.locked).toBe(true);
    expect(before.media?.urls).toMatchObject({ hls: null, video: null, poster: null });
    expect(JSON.stringify(before)).not.toMatch(/\/hls|sig=/);

    await unlocked(t, buyer.token, clip.id);
    const after = await ok<PostView>(call(t, 'GET', `/api/posts/${clip.id}`, buyer.token));
    expect(after.locked).toBe(false);
    const master = await fetchMedia(t, after.media?.urls.hls ?? '');
    expect(master.statusCode).toBe(200);
    const rung =
      master.body.split('\n').find((line) => line.includes(`/api/media/${mediaId}/hls-360p?`)) ?? '';
    const playlist = await fetchMedia(t, rung);
    expect(playlist.statusCode).toBe(200);
    const segments = [
      /#EXT-X-MAP:URI="([^"]+)"/.exec(playlist.body)?.[1] ?? '',
      ...playlist.body.split('\n').filter((line) => line && !line.startsWith('#')),
    ];
    expect(segments.length).toBeGreaterThanOrEqual(2);
    for (const segment of segments) expect((await fetchMedia(t, segment)).statusCode).toBe(200);

    // The stranger's view has no link to the playlist, and the paths themselves need a signature.
    const seen = await ok<PostView>(call(t, 'GET', `/api/posts/${clip.id}`, stranger.token));
    expect(seen.locked).toBe(true);
    expect(new Set(urlsIn(seen.media as NonNullable<PostView['media']>))).toEqual(
      new Set([seen.media?.urls.preview]),
    );
    for (const path of [
      `/api/media/${mediaId}/hls`,
      `/api/media/${mediaId}/hls-360p`,
      `/api/media/${mediaId}/hls-360p/seg-00000.m4s`,
      `/api/media/${mediaId}/poster`,
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: path,
        headers: { authorization: `Bearer ${stranger.token}` },
      });
      expect(response.statusCode).toBe(403);
    }
    expect((await fetchUrl(t, seen.media?.urls.preview ?? '')).statusCode).toBe(200);
  });
});

import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { leakMessages, type Takedown, type TraceResult } from '../../../common/schemas/leaks.ts';
import {
  adminToken,
  call,
  createFanPaymentTestApp,
  creator,
  type FanPaymentTestApp,
  fan,
  ledgerBalanced,
  ok,
  settle,
  subscribed,
} from '../../test/billing/fan-payments.ts';
import { buildPost } from '../../test/creators.ts';
import { deliveredPhoto, markDifference, traceCopy } from '../../test/media.ts';
import { scene } from '../../test/scenes.ts';

describe('tracing a leaked photo to the account it was delivered to', () => {
  let t: FanPaymentTestApp;
  beforeAll(async () => {
    t = await createFanPaymentTestApp('sandbox', { runJobs: true });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });
  afterEach(async () => {
    await settle(t);
    await ledgerBalanced(t);
  });

  /** The largest rendition of a post's photo, as this viewer is given it. */
  const delivered = async (token: string, postId: string) => (await deliveredPhoto(t, token, postId)).bytes;

  const trace = (token: string, copy: Buffer, filename = 'found.jpg') =>
    traceCopy(t, token, copy, { filename, type: 'image/jpeg' });

  it('names the subscriber whose copy leaked, after a crop, a resize and JPEG at 70; never another', async () => {
    const owner = await creator(t);
    const post = await buildPost(t, owner.token, {
      visibility: 'subscribers',
      image: await scene(21, 1200, 900),
    });
    const leaker = await fan(t, { firstName: 'Lee', lastName: 'Kerr' });
    const honest = await fan(t, { firstName: 'Hon', lastName: 'Est' });
    await subscribed(t, leaker.token, owner.creator.handle);
    await subscribed(t, honest.token, owner.creator.handle);

    const leakersCopy = await delivered(leaker.token, post.id);
    const honestCopy = await delivered(honest.token, post.id);
    // Each viewer's copy is their own.
    expect(leakersCopy.equals(honestCopy)).toBe(false);
    // The same viewer gets the same copy again.
    expect((await delivered(leaker.token, post.id)).equals(leakersCopy)).toBe(true);

    const meta = await sharp(leakersCopy).metadata();
    const width = meta.width ?? 0;
    const height = meta.height ?? 0;
    const found = await sharp(leakersCopy)
      .extract({
        left: Math.round(width * 0.05),
        top: Math.round(height * 0.05),
        width: Math.round(width * 0.9),
        height: Math.round(height * 0.9),
      })
      .resize({ width: Math.round(width * 0.45) })
      .jpeg({ quality: 70 })
      .toBuffer();
    const result = await ok<TraceResult>(trace(owner.token, found));
    expect(result).toMatchObject({
      outcome: 'found',
      media: { id: post.media?.id },
      delivery: { viewer: { id: leaker.user.id, name: 'Lee Kerr', handle: null } },
    });
    expect(result.message).toMatch(/^This copy was delivered to Lee Kerr on /);
    expect(result.delivery?.confidence).toBeGreaterThanOrEqual(8);
    expect(JSON.stringify(result)).not.toContain('@example');

    // The creator's own unmarked photo is recognised, with no one named.
    const own = await delivered(owner.token, post.id);
    expect(
      await ok<TraceResult>(trace(owner.token, await sharp(own).jpeg({ quality: 80 }).toBuffer())),
    ).toMatchObject({
      outcome: 'no_mark',
      media: { id: post.media?.id },
      delivery: null,
    });
    // Another picture altogether.
    expect((await ok<TraceResult>(trace(owner.token, await scene(99, 800, 600)))).outcome).toBe('not_found');
    // Another creator cannot trace this creator's photos.
    const other = await creator(t);
    expect((await ok<TraceResult>(trace(other.token, found))).outcome).toBe('not_found');
  });

  it('traces a copy that also carries the visible mark, drawn in the same encode', async () => {
    const owner = await creator(t);
    const post = await buildPost(t, owner.token, {
      visibility: 'subscribers',
      image: await scene(27, 1200, 900),
    });
    const leaker = await fan(t, { firstName: 'Vis', lastName: 'Ible' });
    await subscribed(t, leaker.token, owner.creator.handle);
    const invisibleOnly = await delivered(leaker.token, post.id);
    await ok(
      call(t, 'PUT', '/api/creators/me/watermark', owner.token, { watermark: 'page', viewerHandle: false }),
    );
    const bothMarks = await delivered(leaker.token, post.id);
    expect(bothMarks.equals(invisibleOnly)).toBe(false);
    // The page address is drawn over the marked photo: the corner changes, the rest barely does.
    const { corner, rest } = await markDifference(invisibleOnly, bothMarks);
    expect(corner).toBeGreaterThan(10 * rest);
    const found = await sharp(bothMarks).resize({ width: 600 }).jpeg({ quality: 70 }).toBuffer();
    expect(await ok<TraceResult>(trace(owner.token, found))).toMatchObject({
      outcome: 'found',
      delivery: { viewer: { id: leaker.user.id } },
    });
  });

  it('opens a takedown from a trace, follows it, and lets an admin suspend the traced account', async () => {
    const owner = await creator(t);
    const post = await buildPost(t, owner.token, {
      visibility: 'subscribers',
      image: await scene(33, 1200, 900),
    });
    const leaker = await fan(t, { firstName: 'Rae', lastName: 'Vance' });
    await subscribed(t, leaker.token, owner.creator.handle);
    const copy = await sharp(await delivered(leaker.token, post.id))
      .jpeg({ quality: 70 })
      .toBuffer();
    const traced = await ok<TraceResult>(trace(owner.token, copy));
    expect(traced.outcome).toBe('found');
    const mediaId = post.media?.id ?? '';

    const bad = await call(t, 'POST', '/api/takedowns', owner.token, { mediaId, foundUrl: 'not a link' });
    expect(bad.statusCode).toBe(400);
    const opened = await ok<Takedown>(
      call(t, 'POST', '/api/takedowns', owner.token, {
        mediaId,
        foundUrl: 'https://leaks.example.net/album/123',
        deliveryId: traced.delivery?.id,
      }),
      201,
    );
    expect(opened).toMatchObject({
      status: 'open',
      foundUrl: 'https://leaks.example.net/album/123',
      tracedAccount: { id: leaker.user.id, name: 'Rae Vance', suspended: false },
    });
    expect(opened.notice).toContain('https://leaks.example.net/album/123');
    expect(opened.notice).toContain(`/post/${post.id}`);
    expect(opened.notice).not.toMatch(/@example\.(com|test)/);

    // Another creator: not their photo, not their takedown.
    const other = await creator(t);
    expect(
      (await call(t, 'POST', '/api/takedowns', other.token, { mediaId, foundUrl: 'https://x.example.net/a' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(t, 'PUT', `/api/takedowns/${opened.id}/status`, other.token, { status: 'removed' }))
        .statusCode,
    ).toBe(404);
    expect((await ok<{ items: Takedown[] }>(call(t, 'GET', '/api/takedowns', other.token))).items).toEqual(
      [],
    );

    const sent = await ok<Takedown>(
      call(t, 'PUT', `/api/takedowns/${opened.id}/status`, owner.token, { status: 'sent' }),
    );
    expect(sent.status).toBe('sent');
    expect(
      (await ok<{ items: Takedown[] }>(call(t, 'GET', '/api/takedowns', owner.token))).items.map((i) => i.id),
    ).toEqual([opened.id]);

    // The admin suspends the traced account with the takedown as evidence: it is signed out for good.
    const admin = await adminToken(t);
    expect((await call(t, 'POST', `/api/admin/takedowns/${opened.id}/suspend`, owner.token)).statusCode).toBe(
      403,
    );
    const suspended = await ok<Takedown>(call(t, 'POST', `/api/admin/takedowns/${opened.id}/suspend`, admin));
    expect(suspended.tracedAccount?.suspended).toBe(true);
    expect((await call(t, 'GET', '/api/takedowns', leaker.token)).statusCode).toBe(401);
    expect((await call(t, 'POST', `/api/admin/takedowns/${opened.id}/suspend`, admin)).statusCode).toBe(409);
    const all = await ok<{ items: Takedown[] }>(call(t, 'GET', '/api/admin/takedowns', admin));
    expect(all.items.some((item) => item.id === opened.id)).toBe(true);
  });

  it('is for creators and admins: a fan is refused, and a file that is not a photo is a 400', async () => {
    const someone = await fan(t);
    const refused = await trace(someone.token, await scene(3, 400, 300));
    expect(refused.statusCode).toBe(403);
    const owner = await creator(t);
    const notPhoto = await trace(owner.token, Buffer.from('not a picture at all'));
    expect(notPhoto.statusCode).toBe(400);
    // An SVG (which the image library would draw, embedded picture and all) is judged by its bytes.
    const png = await sharp(await scene(3, 400, 300))
      .png()
      .toBuffer();
    const svg = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="400" height="300"><image width="400" height="300" xlink:href="data:image/png;base64,${png.toString('base64')}"/></svg>`,
    );
    expect((await sharp(svg).metadata()).format).toBe('svg');
    const drawing = await trace(owner.token, svg, 'found.svg');
    expect(drawing.statusCode).toBe(400);
    expect(drawing.json()).toMatchObject({ message: leakMessages.notAnImage });
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/leaks/trace',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(empty.statusCode).toBe(400);
  });
});

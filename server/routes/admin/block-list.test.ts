import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BlockListEntry,
  blockListMessages,
  type RefusedUpload,
} from '../../../common/schemas/block-list.ts';
import { mediaHashes } from '../../db/schema/index.ts';
import {
  CORNER_CROPS,
  CROPS,
  hashImage,
  SIDE_CROPS,
  VIDEO_FRAMES,
} from '../../services/media/fingerprints.ts';
import { bearer, get, post, signUpVerified, uniqueEmail } from '../../test/accounts.ts';
import { buildCreator } from '../../test/creators.ts';
import { createMediaTestApp, type MediaTestApp, tusUpload, waitForProcessing } from '../../test/media.ts';
import { scene, sourceVideo } from '../../test/scenes.ts';

type Account = { token: string; email: string };

describe('re-upload blocking', () => {
  let t: MediaTestApp;
  let admin: Account;
  let creator: Account;
  let other: Account;

  beforeAll(async () => {
    const adminEmail = uniqueEmail('admin');
    t = await createMediaTestApp({ ADMIN_EMAILS: adminEmail }, { runJobs: true });
    admin = await signUpVerified(t, { email: adminEmail });
    creator = await buildCreator(t, { approveWith: admin.token });
    other = await buildCreator(t, { approveWith: admin.token });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  /** A tus upload's final answer: the media (200) or the refusal. */
  const upload = async (account: Account, data: Buffer, filetype: string) =>
    (await tusUpload(t, account.token, data, { filetype })).last;

  async function readyPhoto(account: Account, data: Buffer): Promise<string> {
    const last = await upload(account, data, 'image/jpeg');
    expect(last.statusCode, last.body).toBe(200);
    const view = await waitForProcessing(t, account.token, JSON.parse(last.body).id);
    expect(view.status).toBe('ready');
    return view.id;
  }

  const expectRefused = (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body).toBe(422);
    expect(JSON.parse(response.body)).toEqual({
      message: blockListMessages.mediaBlocked,
      code: 'MEDIA_BLOCKED',
    });
  };

  const entries = async () =>
    (await get(t, '/api/admin/block-list', admin.token)).json<{ items: BlockListEntry[] }>().items;
  const refusals = async () =>
    (await get(t, '/api/admin/block-list/refusals', admin.token)).json<{ items: RefusedUpload[] }>().items;

  it('blocks a photo removed by moderation: an edited copy is refused and shown to admins; another photo passes', async () => {
    const original = await scene(101);
    const second = await scene(102);
    const mediaId = await readyPhoto(creator, original);
    const secondId = await readyPhoto(creator, second);
    const created = await post(
      t,
      '/api/posts',
      { description: 'Leaked', visibility: 'public', mediaIds: [mediaId, secondId] },
      { token: creator.token },
    );
    expect(created.statusCode, created.body).toBe(201);
    const fan = await signUpVerified(t);
    const report = await post(
      t,
      '/api/reports',
      { targetType: 'post', targetId: created.json<{ id: string }>().id, reason: 'nudity' },
      { token: fan.token },
    );
    const resolved = await post(
      t,
      `/api/admin/reports/${report.json<{ id: string }>().id}/resolve`,
      { resolution: 'Leaked content removed', removeContent: true, suspendAccount: false },
      { token: admin.token },
    );
    expect(resolved.statusCode, resolved.body).toBe(200);

    const [entry] = await entries();
    expect(entry).toMatchObject({
      source: 'moderation',
      note: 'Leaked content removed',
      mediaId,
      ownerEmail: creator.email,
      createdByEmail: admin.email,
      refusals: 0,
    });
    // Both photos of the post: the whole picture and its centred crops as uploaded (5 each), and
    // from what is stored of each, its whole picture, its corner and its one-sided crops as well.
    expect(entry?.hashes.length).toBeGreaterThanOrEqual(10 + 2 * (CORNER_CROPS.length + SIDE_CROPS.length));

    // Someone else re-uploads it, smaller and re-encoded: refused, and the admins see who.
    const copy = await sharp(original).resize({ width: 600 }).jpeg({ quality: 70 }).toBuffer();
    expectRefused(await upload(other, copy, 'image/jpeg'));
    const [refusal] = await refusals();
    expect(refusal).toMatchObject({
      userEmail: other.email,
      entryId: entry?.id,
      source: 'moderation',
      kind: 'photo',
    });
    expect(refusal?.distance).toBeLessThanOrEqual(31);
    expect((await entries())[0]?.refusals).toBe(1);

    // A copy cut 6% off its left and top, keeping the bottom-right corner: every DCT phase moved,
    // yet it comes near one of the corner crops hashed when the photo was blocked.
    const { width = 0, height = 0 } = await sharp(original).metadata();
    const corner = await sharp(original)
      .extract({
        left: Math.round(width * 0.06),
        top: Math.round(height * 0.06),
        width: width - Math.round(width * 0.06),
        height: height - Math.round(height * 0.06),
      })
      .jpeg({ quality: 85 })
      .toBuffer();
    expectRefused(await upload(other, corner, 'image/jpeg'));
    expect((await entries())[0]?.refusals).toBe(2);

    // A strip cut off one side only (a caption, a logo): the picture shifts one way, and it comes
    // near one of the one-sided crops.
    const strip = await sharp(original)
      .extract({ left: 0, top: 0, width: width - Math.round(width * 0.07), height })
      .jpeg({ quality: 85 })
      .toBuffer();
    expectRefused(await upload(other, strip, 'image/jpeg'));
    expect((await entries())[0]?.refusals).toBe(3);

    // Flipped left to right: about half its hash bits differ from the original's, while the hash
    // of its mirror image, which every upload is checked with too, is the original's.
    const flipped = await sharp(original).flop().jpeg({ quality: 85 }).toBuffer();
    expectRefused(await upload(other, flipped, 'image/jpeg'));
    expect((await entries())[0]?.refusals).toBe(4);

    // The post's second photo is blocked too; a different photo is accepted.
    expectRefused(await upload(creator, second, 'image/jpeg'));
    await readyPhoto(other, await scene(202));
  }, 60_000);

  it('blocks a taken-down video by a sample of its frames; another video passes', async () => {
    const last = await upload(creator, sourceVideo('testsrc'), 'video/mp4');
    const video = await waitForProcessing(t, creator.token, JSON.parse(last.body).id, 60_000);
    expect(video.status).toBe('ready');
    // What it keeps are its frames' own hashes; the mirrored ones it was checked with are not kept.
    const { db } = t.app.services.database;
    const kept = await db.select().from(mediaHashes).where(eq(mediaHashes.mediaId, video.id));
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThanOrEqual(VIDEO_FRAMES * CROPS.length);

    const takedown = await post(
      t,
      `/api/admin/media/${video.id}/takedown`,
      { note: 'Copyright notice 42' },
      { token: admin.token },
    );
    expect(takedown.statusCode, takedown.body).toBe(200);
    expect(takedown.json<BlockListEntry>()).toMatchObject({
      source: 'takedown',
      note: 'Copyright notice 42',
    });
    expect((await get(t, `/api/media/${video.id}`, creator.token)).statusCode).toBe(404);

    // The same video at another size: the upload is taken, then processing refuses it.
    const again = await upload(other, sourceVideo('testsrc', '480x360'), 'video/mp4');
    expect(again.statusCode, again.body).toBe(200);
    const refused = await waitForProcessing(t, other.token, JSON.parse(again.body).id, 60_000);
    expect(refused).toMatchObject({ status: 'failed', failureReason: blockListMessages.mediaBlocked });
    expect((await refusals())[0]).toMatchObject({
      userEmail: other.email,
      kind: 'video_frame',
      source: 'takedown',
    });

    // Cut down by 10% on each side and stretched back: its frames are the original's crops.
    const cropped = await upload(
      other,
      sourceVideo('testsrc', '320x240', 'crop=iw*0.8:ih*0.8,scale=320:240'),
      'video/mp4',
    );
    const refusedCrop = await waitForProcessing(t, other.token, JSON.parse(cropped.body).id, 60_000);
    expect(refusedCrop).toMatchObject({ status: 'failed', failureReason: blockListMessages.mediaBlocked });

    // Mirrored, as a flipped re-upload is: its frames' mirror images are the original's frames.
    const mirrored = await upload(other, sourceVideo('testsrc', '320x240', 'hflip'), 'video/mp4');
    const refusedMirror = await waitForProcessing(t, other.token, JSON.parse(mirrored.body).id, 60_000);
    expect(refusedMirror).toMatchObject({ status: 'failed', failureReason: blockListMessages.mediaBlocked });

    const different = await upload(other, sourceVideo('mandelbrot'), 'video/mp4');
    const accepted = await waitForProcessing(t, other.token, JSON.parse(different.body).id, 60_000);
    expect(accepted.status).toBe('ready');
  }, 120_000);

  it('lets an admin add a known hash, refuses matching uploads until the entry is removed', async () => {
    const known = await scene(303);
    const { hash } = await hashImage(known);
    const invalid = await post(
      t,
      '/api/admin/block-list',
      { hash: 'not a hash', note: '' },
      { token: admin.token },
    );
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ message: blockListMessages.hashInvalid });

    const added = await post(
      t,
      '/api/admin/block-list',
      { hash: hash.toUpperCase(), note: 'From a hash list' },
      { token: admin.token },
    );
    expect(added.statusCode, added.body).toBe(201);
    const entry = added.json<BlockListEntry>();
    expect(entry).toMatchObject({
      source: 'admin',
      note: 'From a hash list',
      hashes: [hash],
      createdByEmail: admin.email,
    });

    expectRefused(await upload(creator, known, 'image/jpeg'));
    // Profile pictures are checked too.
    const form = `--x\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
    const profile = await t.app.inject({
      method: 'POST',
      url: '/api/media/upload/profile',
      headers: { ...bearer(creator.token), 'content-type': 'multipart/form-data; boundary=x' },
      payload: Buffer.concat([Buffer.from(form), known, Buffer.from('\r\n--x--\r\n')]),
    });
    expectRefused(profile);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/block-list/${entry.id}`,
      headers: bearer(admin.token),
    });
    expect(removed.statusCode).toBe(204);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/block-list/${entry.id}`,
      headers: bearer(admin.token),
    });
    expect(gone.statusCode).toBe(404);
    await readyPhoto(creator, known);
  }, 60_000);

  it('blocks media uploaded before fingerprints were kept, from its stored rendition', async () => {
    const picture = await scene(404);
    const mediaId = await readyPhoto(creator, picture);
    const { db } = t.app.services.database;
    await db.delete(mediaHashes).where(eq(mediaHashes.mediaId, mediaId));

    const takedown = await post(
      t,
      `/api/admin/media/${mediaId}/takedown`,
      { note: 'Old upload' },
      { token: admin.token },
    );
    expect(takedown.statusCode, takedown.body).toBe(200);
    expect(takedown.json<BlockListEntry>().hashes.length).toBeGreaterThan(0);
    expectRefused(await upload(other, picture, 'image/jpeg'));
  }, 60_000);

  it('is for admins only', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/admin/block-list' },
      { method: 'GET' as const, url: '/api/admin/block-list/refusals' },
      { method: 'POST' as const, url: '/api/admin/block-list', payload: { hash: 'a'.repeat(64) } },
      { method: 'DELETE' as const, url: '/api/admin/block-list/00000000-0000-7000-8000-000000000000' },
      {
        method: 'POST' as const,
        url: '/api/admin/media/00000000-0000-7000-8000-000000000000/takedown',
        payload: {},
      },
    ]) {
      const response = await t.app.inject({ ...request, headers: bearer(creator.token) });
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(403);
    }
  });
});

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WatermarkSettings } from '../../../common/schemas/creators.ts';
import type { PostView } from '../../../common/schemas/posts.ts';
import {
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
import { deliveredPhoto, fetchMedia, markDifference, storedFiles } from '../../test/media.ts';

type Person = { token: string; user: { id: string } };

/** Runs ffmpeg in a folder of its own; answers the bytes of `out` (the folder is then removed). */
function ffmpegFile(args: (dir: string) => string[], out: string): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'mark-video-'));
  try {
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', ...args(dir), '-y', path.join(dir, out)]);
    return readFileSync(path.join(dir, out));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** 1 s of flat grey (H.264 MP4): a bright pixel in a frame of its renditions was drawn by the mark. */
const greyVideo = () =>
  ffmpegFile(
    () => [
      '-f',
      'lavfi',
      '-i',
      'color=c=0x606060:size=320x240:rate=10:duration=1',
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
    ],
    'grey.mp4',
  );

/** The brightest pixel of the bottom quarter, and above it, in the first frame of a stored rung. */
async function brightestOf(t: FanPaymentTestApp, mediaId: string) {
  const playlist = path.join(t.config.media.dir, mediaId, 'hls', '240p', 'index.m3u8');
  const frame = ffmpegFile(() => ['-i', playlist, '-frames:v', '1'], 'frame.png');
  const { data, info } = await sharp(frame).greyscale().raw().toBuffer({ resolveWithObject: true });
  let bottom = 0;
  let above = 0;
  for (let row = 0; row < info.height; row++)
    for (let col = 0; col < info.width; col++) {
      const value = data[row * info.width + col] ?? 0;
      if (row >= info.height * 0.75) bottom = Math.max(bottom, value);
      else above = Math.max(above, value);
    }
  return { bottom, above };
}

describe('visible mark: a creator’s page address on their photos, drawn at delivery', () => {
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

  const setMark = (token: string, settings: WatermarkSettings) =>
    ok<WatermarkSettings>(call(t, 'PUT', '/api/creators/me/watermark', token, settings));

  /** The largest rendition of a post's photo, as this viewer is given it. */
  const largest = (token: string | undefined, postId: string) => deliveredPhoto(t, token, postId);

  const markedFiles = (mediaId: string) =>
    storedFiles(t).filter((file) => file.startsWith(`${mediaId}/marked/`));

  it('keeps the setting, refuses a value it does not know, and is only for creators', async () => {
    const owner = await creator(t);
    expect(await ok<WatermarkSettings>(call(t, 'GET', '/api/creators/me/watermark', owner.token))).toEqual({
      watermark: 'off',
      viewerHandle: false,
    });
    expect(await setMark(owner.token, { watermark: 'page', viewerHandle: true })).toEqual({
      watermark: 'page',
      viewerHandle: true,
    });
    expect(await ok<WatermarkSettings>(call(t, 'GET', '/api/creators/me/watermark', owner.token))).toEqual({
      watermark: 'page',
      viewerHandle: true,
    });
    const bad = await call(t, 'PUT', '/api/creators/me/watermark', owner.token, {
      watermark: 'everywhere',
      viewerHandle: false,
    });
    expect(bad.statusCode).toBe(400);
    const someone = await fan(t);
    expect((await call(t, 'GET', '/api/creators/me/watermark', someone.token)).statusCode).toBe(404);
    expect(
      (
        await call(t, 'PUT', '/api/creators/me/watermark', someone.token, {
          watermark: 'page',
          viewerHandle: false,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('marks the corner of the photo a subscriber opens, once, and leaves the preview alone', async () => {
    const owner = await creator(t);
    const post = await buildPost(t, owner.token, { visibility: 'subscribers' });
    const subscriber: Person = await fan(t);
    await subscribed(t, subscriber.token, owner.creator.handle);
    const stranger: Person = await fan(t);

    const plain = await largest(subscriber.token, post.id);
    const previewUrl = plain.view.media?.urls.preview ?? '';
    const previewBefore = (await fetchMedia(t, previewUrl)).rawPayload;

    await setMark(owner.token, { watermark: 'page', viewerHandle: false });
    const marked = await largest(subscriber.token, post.id);
    expect(marked.bytes.equals(plain.bytes)).toBe(false);
    const { corner, rest } = await markDifference(plain.bytes, marked.bytes);
    // The text sits in the corner; elsewhere only small changes (a second encoding).
    expect(corner).toBeGreaterThan(0.02);
    expect(rest).toBeLessThan(0.005);
    expect(corner).toBeGreaterThan(10 * rest);

    // Drawn once: the second request reads the stored copy (no file written, none rewritten).
    const mediaId = post.media?.id ?? '';
    const copies = () =>
      markedFiles(mediaId).map((file) => {
        const stat = statSync(path.join(t.config.media.dir, file));
        return { file, ino: stat.ino, mtime: stat.mtimeMs };
      });
    const before = copies();
    expect(before.length).toBeGreaterThan(0);
    const again = await largest(subscriber.token, post.id);
    expect(again.bytes.equals(marked.bytes)).toBe(true);
    expect(copies()).toEqual(before);

    // The blurred preview is the same file for everyone, unmarked.
    expect((await fetchMedia(t, previewUrl)).rawPayload.equals(previewBefore)).toBe(true);

    // A stranger still gets the preview only, and the subscriber's link names the subscriber.
    const locked = await ok<PostView>(call(t, 'GET', `/api/posts/${post.id}`, stranger.token));
    expect(locked.media?.urls.sources).toEqual([]);
    const forged = marked.url.replace(subscriber.user.id, stranger.user.id);
    expect((await fetchMedia(t, forged)).statusCode).toBe(403);

    // Turned off: what the subscriber got before, again.
    await setMark(owner.token, { watermark: 'off', viewerHandle: false });
    expect((await largest(subscriber.token, post.id)).bytes.equals(plain.bytes)).toBe(true);
  });

  it('burns the page address into videos processed once the mark is on, not into earlier ones', async () => {
    const owner = await creator(t);
    const earlier = await buildPost(t, owner.token, { visibility: 'subscribers', video: greyVideo() });
    await setMark(owner.token, { watermark: 'page', viewerHandle: true });
    const later = await buildPost(t, owner.token, { visibility: 'subscribers', video: greyVideo() });
    const plain = await brightestOf(t, earlier.media?.id ?? '');
    const marked = await brightestOf(t, later.media?.id ?? '');
    expect(plain.bottom).toBeLessThan(120);
    expect(marked.bottom).toBeGreaterThan(200);
    expect(marked.above).toBeLessThan(120);
  }, 60_000);

  it('names the viewer on paid photos only, when the creator asks', async () => {
    const owner = await creator(t);
    const paid = await buildPost(t, owner.token, { visibility: 'subscribers' });
    const open = await buildPost(t, owner.token, { visibility: 'public' });
    const first: Person = await fan(t, { firstName: 'Ada', lastName: 'One' });
    const second: Person = await fan(t, { firstName: 'Bea', lastName: 'Two' });
    await subscribed(t, first.token, owner.creator.handle);
    await subscribed(t, second.token, owner.creator.handle);

    // The page address alone: in the corner, the same for every viewer (each copy may still differ
    // invisibly per viewer: server/lib/photo-mark.ts).
    await setMark(owner.token, { watermark: 'page', viewerHandle: false });
    const paidFirstBefore = await largest(first.token, paid.id);
    const paidSecondBefore = await largest(second.token, paid.id);
    expect((await markDifference(paidFirstBefore.bytes, paidSecondBefore.bytes)).corner).toBeLessThan(0.001);

    await setMark(owner.token, { watermark: 'page', viewerHandle: true });
    const paidFirst = await largest(first.token, paid.id);
    const paidSecond = await largest(second.token, paid.id);
    expect(paidFirst.bytes.equals(paidSecond.bytes)).toBe(false);
    const between = await markDifference(paidFirst.bytes, paidSecond.bytes);
    // A second line, with each viewer's own name, in the corner only.
    expect(between.corner).toBeGreaterThan(0.01);
    expect(between.rest).toBeLessThan(0.001);
    expect((await markDifference(paidFirstBefore.bytes, paidFirst.bytes)).corner).toBeGreaterThan(0.01);

    // Free content: the page address only, the same corner for every viewer (and for a visitor).
    const openFirst = await largest(first.token, open.id);
    const openSecond = await largest(second.token, open.id);
    const openVisitor = await largest(undefined, open.id);
    expect((await markDifference(openFirst.bytes, openSecond.bytes)).corner).toBeLessThan(0.001);
    expect((await markDifference(openFirst.bytes, openVisitor.bytes)).corner).toBeLessThan(0.001);
  });
});

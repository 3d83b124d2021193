import type { Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { testVideo } from '../server/test/media-fixtures.ts';
import {
  adminAccount,
  approvedCreatorWithPictures,
  createVerifiedAccount,
  signInContext,
} from './support/accounts.ts';
import { openPage, useBrowser, viewports } from './support/browser.ts';
import { E2E_ADMIN_EMAIL } from './support/global-setup.ts';
import { lockedVideoPost, mediaRequests, postCard, unlockOnProfile } from './support/posts.ts';

interface PlaylistSegment {
  /** `a` (the rung's own) or `b` (its marked variant, `hlsb-<rung>`). */
  variant: 'a' | 'b';
  startsAt: number;
  duration: number;
}

/** The segments of a rung's playlist as this viewer was sent it: which variant each comes from, and when. */
function segmentsOf(playlist: string): PlaylistSegment[] {
  const segments: PlaylistSegment[] = [];
  let duration = 0;
  let startsAt = 0;
  for (const line of playlist.split('\n')) {
    const extinf = /^#EXTINF:([\d.]+)/.exec(line);
    if (extinf) duration = Number(extinf[1]);
    else if (line.trim() !== '' && !line.startsWith('#')) {
      const { pathname } = new URL(line.trim(), 'http://x');
      segments.push({ variant: /\/hlsb-\d+p\//.test(pathname) ? 'b' : 'a', startsAt, duration });
      startsAt += duration;
    }
  }
  return segments;
}

describe('recording marks in a browser', () => {
  const browser = useBrowser();

  it('a buyer’s player streams their own mix of the two variants and plays on across a switch between them', async () => {
    const admin = await adminAccount(E2E_ADMIN_EMAIL);
    const handle = `mix${Date.now().toString(36)}`;
    const { account: creator } = await approvedCreatorWithPictures(admin, {
      handle,
      displayName: 'Mix Okafor',
      avatar: '#7c3aed',
      banner: '#0f766e',
    });
    const description = 'Traced take, thirty seconds';
    // 30 s: about 15 segments, so a buyer's code switches variant somewhere (all alike: 2 in 2^15).
    const post = await lockedVideoPost(creator, handle, description, undefined, {
      video: testVideo({ duration: 30, size: '320x240' }),
      traceRecordings: true,
    });
    const mediaId = post.media?.id as string;

    const buyer = await openPage(browser(), { viewport: viewports.mobile });
    await signInContext(buyer.context, await createVerifiedAccount());
    const requests = mediaRequests(buyer.page, mediaId);
    // The rung playlists this viewer is sent (hls-<rung>, without a file name).
    const playlists: Promise<string>[] = [];
    buyer.page.on('response', (response: Response) => {
      const { pathname } = new URL(response.url());
      if (new RegExp(`^/api/media/${mediaId}/hls-\\d+p$`).test(pathname)) playlists.push(response.text());
    });
    await unlockOnProfile(buyer.page, handle, description, '2.50');

    await postCard(buyer.page, description).getByRole('button', { name: 'Open video by Mix Okafor' }).click();
    const viewer = buyer.page.getByRole('dialog', { name: 'Post by Mix Okafor' }).locator('video');
    await expect
      .poll(() => viewer.evaluate((element: HTMLVideoElement) => element.currentTime > 0.2), {
        timeout: 30_000,
      })
      .toBe(true);
    await expect.poll(() => playlists.length, { timeout: 10_000 }).toBeGreaterThan(0);

    // The playlist mixes both variants, by this viewer's code.
    const segments = segmentsOf(await (playlists[0] as Promise<string>));
    expect(segments.length).toBeGreaterThanOrEqual(12);
    expect(new Set(segments.map((segment) => segment.variant))).toEqual(new Set(['a', 'b']));
    // The first switch after the opening segment: played from a second before it to a second after.
    const switchAt = segments.findIndex(
      (segment, i) => i > 1 && segment.variant !== segments[i - 1]?.variant,
    );
    const boundary = (segments[switchAt] ?? segments[1])?.startsAt as number;
    const from = Math.max(0, boundary - 1);
    await viewer.evaluate((element: HTMLVideoElement, at: number) => {
      element.currentTime = at;
      void element.play();
    }, from);
    await expect
      .poll(
        () =>
          viewer.evaluate((element: HTMLVideoElement) => ({
            past: element.currentTime,
            error: element.error?.message ?? null,
          })),
        { timeout: 30_000 },
      )
      .toMatchObject({ past: expect.toSatisfy((t: number) => t > boundary + 1), error: null });
    const quality = await viewer.evaluate((element: HTMLVideoElement) => {
      const { totalVideoFrames, droppedVideoFrames } = element.getVideoPlaybackQuality();
      return { totalVideoFrames, droppedVideoFrames };
    });
    expect(quality.totalVideoFrames).toBeGreaterThan(0);
    // Segments of both variants were fetched, each from its own folder, never a B playlist.
    expect(requests.some((path) => /^hls-\d+p\/seg-\d+\.m4s$/.test(path))).toBe(true);
    expect(requests.some((path) => /^hlsb-\d+p\/seg-\d+\.m4s$/.test(path))).toBe(true);
    expect(requests.some((path) => /^hlsb-\d+p$/.test(path))).toBe(false);
    expect(buyer.errors).toEqual([]);
    await buyer.context.close();
  }, 150_000);
});

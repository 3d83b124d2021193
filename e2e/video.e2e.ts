import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  adminAccount,
  approvedCreatorWithPictures,
  createVerifiedAccount,
  signInContext,
  youtubePost,
} from './support/accounts.ts';
import { openPage, useBrowser, viewports, watchNetwork } from './support/browser.ts';
import { E2E_ADMIN_EMAIL } from './support/global-setup.ts';
import { lockedVideoPost, mediaRequests, postCard, unlockOnProfile } from './support/posts.ts';

const screenshots = process.env.E2E_SCREENSHOTS;

const card = postCard;

describe('adaptive video in a browser', () => {
  const browser = useBrowser();

  it('a fan who bought a video plays its HLS ladder; a fan who did not never fetches a playlist or a segment', async () => {
    const admin = await adminAccount(E2E_ADMIN_EMAIL);
    const handle = `reel${Date.now().toString(36)}`;
    const { account: creatorAccount } = await approvedCreatorWithPictures(
      admin,
      { handle, displayName: 'Reel Adebayo', avatar: '#0f766e', banner: '#b45309' },
      { firstName: 'Reel', lastName: 'Adebayo' },
    );
    const description = 'Rehearsal, the whole take';
    const post = await lockedVideoPost(creatorAccount, handle, description);
    const mediaId = post.media?.id as string;

    // A fan who has not paid: the blurred poster and the lock; no video element, no playlist, no segment.
    const outsider = await openPage(browser(), { viewport: viewports.desktop });
    await signInContext(outsider.context, await createVerifiedAccount());
    const outsiderRequests = mediaRequests(outsider.page, mediaId);
    const previewLoaded = outsider.page.waitForResponse(
      (response) => response.url().includes(`/api/media/${mediaId}/preview`) && response.status() === 200,
    );
    await outsider.page.goto(`/public-profile/${handle}`);
    await outsider.page.getByRole('tab', { name: /^Posts/ }).click();
    const lockedCard = card(outsider.page, description);
    await lockedCard.getByText('Locked', { exact: true }).waitFor();
    await previewLoaded;
    expect(await lockedCard.locator('video').count()).toBe(0);
    expect(await outsider.page.content()).not.toMatch(new RegExp(`${mediaId}/hls`));

    // A fan who buys it: back on the profile the card plays the video over MSE.
    const buyer = await openPage(browser(), { viewport: viewports.desktop });
    await signInContext(buyer.context, await createVerifiedAccount());
    const buyerRequests = mediaRequests(buyer.page, mediaId);
    await unlockOnProfile(buyer.page, handle, description, '2.50');
    const video = card(buyer.page, description).locator('video');
    await video.waitFor();
    // Out of view it loads no segment (the next test shows it loads not even the player); in view
    // it plays (muted, as cards do).
    await buyer.page.evaluate(
      () => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 5000 })),
    );
    expect(buyerRequests.filter((path) => path.startsWith('hls-'))).toEqual([]);
    await video.scrollIntoViewIfNeeded();
    // Playing: pictures decoded and time moving, from a media source, not a file URL.
    await expect
      .poll(
        () =>
          video.evaluate((element: HTMLVideoElement) => ({
            frames: element.getVideoPlaybackQuality().totalVideoFrames > 0,
            moving: element.currentTime > 0.2,
            source: element.currentSrc.startsWith('blob:'),
          })),
        { timeout: 20_000 },
      )
      .toEqual({ frames: true, moving: true, source: true });
    expect(buyerRequests).toContain('hls');
    expect(buyerRequests.some((path) => /^hls-\d+p$/.test(path))).toBe(true);
    expect(buyerRequests.some((path) => /^hls-\d+p\/init(_\d+)?\.mp4$/.test(path))).toBe(true);
    expect(buyerRequests.some((path) => /^hls-\d+p\/seg-\d+\.m4s$/.test(path))).toBe(true);
    if (screenshots) await buyer.page.screenshot({ path: `${screenshots}/video-playing.png` });

    // Opened full size, the viewer's own player (hls.js, autoPlay, with sound after the click) plays it too.
    await card(buyer.page, description).getByRole('button', { name: 'Open video by Reel Adebayo' }).click();
    const viewer = buyer.page.getByRole('dialog', { name: 'Post by Reel Adebayo' }).locator('video');
    await expect
      .poll(
        () =>
          viewer.evaluate((element: HTMLVideoElement) => ({
            moving: element.currentTime > 0.2,
            source: element.currentSrc.startsWith('blob:'),
          })),
        { timeout: 20_000 },
      )
      .toEqual({ moving: true, source: true });

    // Meanwhile the outsider's page asked for the blurred poster only, and still shows the lock.
    await lockedCard.getByText('Locked', { exact: true }).waitFor();
    expect(new Set(outsiderRequests)).toEqual(new Set(['preview']));
    expect(outsider.errors).toEqual([]);
    expect(buyer.errors).toEqual([]);
    await Promise.all([outsider.context.close(), buyer.context.close()]);
  }, 120_000);

  it('a card plays its preview once scrolled to, without hls.js; the full-size viewer brings hls.js', async () => {
    const admin = await adminAccount(E2E_ADMIN_EMAIL);
    const handle = `scroll${Date.now().toString(36)}`;
    const { account: creatorAccount } = await approvedCreatorWithPictures(admin, {
      handle,
      displayName: 'Scroll Down',
      avatar: '#1d4ed8',
      banner: '#be123c',
    });
    const description = 'Further down the page';
    const post = await lockedVideoPost(creatorAccount, handle, description, { visibility: 'public' });
    // Newer posts above it: on a phone the video's card starts well below the fold.
    for (const text of ['Newest one', 'Second one', 'Third one']) await youtubePost(creatorAccount, text);

    const fan = await openPage(browser(), { viewport: viewports.mobile });
    const player: string[] = [];
    fan.page.on('request', (request: Request) => {
      if (/\/assets\/hls[.-][^/]*\.js$/.test(new URL(request.url()).pathname)) player.push(request.url());
    });
    const videoRequests = mediaRequests(fan.page, post.media?.id as string);
    const network = watchNetwork(fan.page);
    await fan.page.goto(`/public-profile/${handle}`);
    await fan.page.getByRole('tab', { name: /^Posts/ }).click();
    const videoCard = card(fan.page, description);
    await videoCard.waitFor({ state: 'attached' });
    // The page has loaded, gone idle and had no request open for half a second (the comment count
    // stream aside): below the fold, the video's card has fetched nothing but its poster.
    await fan.page.evaluate(
      () => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 5000 })),
    );
    await network.quiet();
    expect(videoRequests.filter((path) => path.startsWith('hls'))).toEqual([]);

    // Scrolled to, it plays (muted, looping) from a media source, one rung, with no hls.js.
    await videoCard.scrollIntoViewIfNeeded();
    await expect
      .poll(
        () =>
          videoCard.locator('video').evaluate((element: HTMLVideoElement) => ({
            moving: element.currentTime > 0.2,
            source: element.currentSrc.startsWith('blob:'),
          })),
        { timeout: 20_000 },
      )
      .toEqual({ moving: true, source: true });
    expect(videoRequests).toContain('hls');
    expect(new Set(videoRequests.filter((path) => /^hls-\d+p$/.test(path))).size).toBe(1);
    expect(videoRequests.some((path) => /^hls-\d+p\/seg-\d+\.m4s$/.test(path))).toBe(true);
    expect(player).toEqual([]);

    // Opened full size, the viewer plays the whole ladder with hls.js.
    await videoCard.getByRole('button', { name: 'Open video by Scroll Down' }).click();
    const viewer = fan.page.getByRole('dialog', { name: 'Post by Scroll Down' }).locator('video');
    await expect
      .poll(() => viewer.evaluate((element: HTMLVideoElement) => element.currentTime > 0.2), {
        timeout: 20_000,
      })
      .toBe(true);
    expect(player.length).toBeGreaterThan(0);
    expect(fan.errors).toEqual([]);
    await fan.context.close();
  }, 120_000);
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PostList, PostView } from '../common/schemas/posts.ts';
import { testVideo } from '../server/test/media-fixtures.ts';
import {
  type Account,
  adminAccount,
  apiAs,
  approvedCreatorWithPictures,
  createVerifiedAccount,
  signInContext,
  uploadPostVideo,
  youtubePost,
} from './support/accounts.ts';
import {
  baseUrl,
  chromiumOptions,
  clientAddress,
  openPage,
  useBrowser,
  viewports,
} from './support/browser.ts';
import { E2E_ADMIN_EMAIL } from './support/global-setup.ts';

const screenshots = process.env.E2E_SCREENSHOTS;

/** A pay-per-view video post, as its creator sees it once transcoded: with signed links. */
async function lockedVideo(creator: Account, handle: string): Promise<NonNullable<PostView['media']>> {
  const mediaId = await uploadPostVideo(creator, testVideo({ size: '426x240' }));
  await expect
    .poll(
      async () =>
        (
          await fetch(`${baseUrl()}/api/posts`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${creator.token}` },
            body: JSON.stringify({
              description: 'Locked clip',
              mediaId,
              visibility: 'pay_per_view',
              price: '2.50',
            }),
          })
        ).status,
      { timeout: 45_000, interval: 500 },
    )
    .toBe(201);
  let media: PostView['media'] | undefined;
  await expect
    .poll(
      async () => {
        const page = await apiAs<PostList>(creator, 'GET', `/creators/${handle}/posts?limit=20`);
        media = page.items.find((item) => item.description === 'Locked clip')?.media;
        return media?.status;
      },
      { timeout: 45_000, interval: 500 },
    )
    .toBe('ready');
  if (!media?.urls.hls || !media.urls.poster || !media.urls.preview)
    throw new Error('the video has no links');
  return media;
}

/**
 * With E2E_SCREENSHOTS set, the page at phone and desktop width, once the toasts have finished
 * coming in (sonner animates them).
 */
async function shoot(page: Page, name: string) {
  if (!screenshots) return;
  const sizes = [
    ['phone', { width: 390, height: 844 }],
    ['desktop', viewports.desktop],
  ] as const;
  for (const [size, viewport] of sizes) {
    await page.setViewportSize(viewport);
    await page.waitForFunction(() =>
      document.getAnimations().every((animation) => {
        const target = (animation.effect as KeyframeEffect | null)?.target;
        return !target?.closest('[data-sonner-toaster]') || animation.playState !== 'running';
      }),
    );
    await page.screenshot({ path: `${screenshots}/${name}-${size}.png` });
  }
}

/** Every request URL each of the worker's caches holds, by cache name. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const all: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      all[name] = (await cache.keys()).map(
        (request) => new URL(request.url).pathname + new URL(request.url).search,
      );
    }
    return all;
  });

describe('the installable app and its offline feed', () => {
  const browser = useBrowser();

  it('installs, keeps the feed for offline visits, never keeps signed or streamed media, and forgets the feed on sign-out', async () => {
    const admin = await adminAccount(E2E_ADMIN_EMAIL);
    const handle = `away${Date.now().toString(36)}`;
    const { account: creatorAccount } = await approvedCreatorWithPictures(
      admin,
      { handle, displayName: 'Away Okafor', avatar: '#0f766e', banner: '#b45309' },
      { firstName: 'Away', lastName: 'Okafor' },
    );
    const description = `Seen before the tunnel ${Date.now().toString(36)}`;
    await youtubePost(creatorAccount, description);
    const media = await lockedVideo(creatorAccount, handle);
    const fanAccount = await createVerifiedAccount(undefined, { firstName: 'Tunde', lastName: 'Reader' });
    await apiAs(fanAccount, 'POST', `/creators/${handle}/follow`);

    // A profile on disk: Chromium never installs an app from an off-the-record context (newContext).
    const profile = mkdtempSync(path.join(tmpdir(), 'fp-installable-'));
    const context = await chromium.launchPersistentContext(profile, {
      ...chromiumOptions,
      baseURL: baseUrl(),
      viewport: viewports.desktop,
      colorScheme: 'light',
      extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
    });
    await signInContext(context, fanAccount);
    const page = context.pages()[0] ?? (await context.newPage());
    const post = page.getByRole('article').filter({ hasText: description });
    await page.goto('/');
    await post.waitFor();

    // Installable: Chromium finds nothing missing, and the manifest says what the brief asks.
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
    const manifestAnswer = await page.request.get('/manifest.webmanifest');
    expect(manifestAnswer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await manifestAnswer.json()) as Record<string, unknown> & {
      icons: { src: string; sizes: string; purpose?: string }[];
      shortcuts: { name: string; url: string }[];
    };
    expect(manifest).toMatchObject({
      id: '/',
      name: 'Fanplace',
      short_name: 'Fanplace',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#fcfcfd',
      background_color: '#fcfcfd',
    });
    expect(manifest.description).toBeTruthy();
    const icon = (sizes: string, purpose = 'any') =>
      manifest.icons.find((entry) => entry.sizes === sizes && (entry.purpose ?? 'any') === purpose);
    for (const wanted of [
      icon('192x192'),
      icon('512x512'),
      icon('512x512', 'maskable'),
      icon('96x96', 'monochrome'),
    ]) {
      expect(wanted).toBeDefined();
      const answer = await page.request.get(wanted?.src as string);
      expect(answer.status(), wanted?.src).toBe(200);
      expect(answer.headers()['content-type']).toBe('image/png');
    }
    expect(manifest.shortcuts.map(({ name, url }) => [name, url])).toEqual([
      ['Messages', '/message'],
      ['Discover', '/discover'],
    ]);
    const worker = await page.request.get('/sw.js');
    expect(worker.headers()['cache-control']).toBe('no-cache');

    // The worker is active and takes this tab; from the next load on, the feed goes through it.
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state))
      .toBe('activated');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.reload();
    await post.waitFor();
    await expect
      .poll(async () => (await cachedUrls(page))['fanplace-feed'])
      .toContainEqual(expect.stringMatching(/^\/api\/feed\?/));

    // Signed links (a locked video's poster) and the HLS playlist go to the network only; the
    // blurred preview, public to anyone, is kept.
    const statuses = await page.evaluate(
      (urls) => Promise.all(urls.map(async (url) => (await fetch(url)).status)),
      [media.urls.poster, media.urls.hls, media.urls.preview] as string[],
    );
    expect(statuses).toEqual([200, 200, 200]);
    expect(media.urls.poster).toMatch(/[?&]sig=/);
    await expect.poll(async () => (await cachedUrls(page))['fanplace-images']).toContain(media.urls.preview);
    const kept = Object.values(await cachedUrls(page)).flat();
    expect(kept.filter((url) => url.includes(media.id))).toEqual([media.urls.preview]);
    expect(kept.filter((url) => /[?&](sig|expires)=|\/hls|\.m3u8|\.m4s/.test(url))).toEqual([]);
    expect(kept.filter((url) => url.startsWith('/api/') && !/^\/api\/(feed|media\/)/.test(url))).toEqual([]);

    // Offline, a reload still shows the app, says it is offline, and shows the feed seen before.
    await context.setOffline(true);
    const offlinePage = await page.reload();
    // The worker's app shell (index.html), not the server's page (which names the app on theme-init.js).
    expect(offlinePage?.fromServiceWorker()).toBe(true);
    expect(await offlinePage?.text()).not.toContain('data-app=');
    const banner = page
      .getByRole('status')
      .filter({ hasText: "You're offline. You're seeing what this device saved" });
    await banner.waitFor();
    await post.waitFor();
    // A change cannot go out offline, and the app says so instead of failing silently.
    await post.getByRole('button', { name: /^Like/ }).click();
    await page.getByText("You're offline. This was not sent").waitFor();
    await shoot(page, 'offline');

    // Back online, the banner goes and the feed is asked for again.
    const refetched = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/feed');
    await context.setOffline(false);
    await refetched;
    await banner.waitFor({ state: 'detached' });

    // Signed out, the worker forgets the viewer's feed pages.
    await page.getByRole('button', { name: 'Account menu for Tunde Reader' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).waitFor();
    await expect.poll(async () => (await cachedUrls(page))['fanplace-feed'] ?? []).toEqual([]);
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  });

  it('tells an iPhone in the browser, once, how to add the app for notifications, next to the notification settings', async () => {
    const account = await createVerifiedAccount(undefined, { firstName: 'Ife', lastName: 'Phone' });
    const context = await browser().newContext({
      baseURL: baseUrl(),
      viewport: { width: 390, height: 844 },
      colorScheme: 'light',
      isMobile: true,
      hasTouch: true,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
      extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
    });
    await signInContext(context, account);
    const page = await context.newPage();
    // Not on every page: Home has no hint.
    await page.goto('/');
    await page.locator('main h1').first().waitFor();
    expect(await page.getByText('To get notifications, tap').count()).toBe(0);
    await page.goto('/settings');
    const notifications = page.getByRole('region', { name: 'Notifications', exact: true });
    const hint = notifications.getByRole('complementary', { name: 'Notifications on iPhone and iPad' });
    await hint.waitFor();
    expect(await hint.textContent()).toContain('To get notifications, tap Share, then Add to Home Screen');
    if (screenshots) {
      await hint.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${screenshots}/ios-hint-phone.png` });
    }
    await hint.getByRole('button', { name: 'Dismiss' }).click();
    await hint.waitFor({ state: 'detached' });
    await page.reload();
    await notifications.waitFor();
    await page.getByRole('heading', { name: 'Notifications', exact: true }).waitFor();
    expect(await page.getByText('To get notifications, tap').count()).toBe(0);
    await context.close();
  });

  it('offers a new version without reloading by itself, and reloads into it when asked', async () => {
    const { page, context, errors } = await openPage(browser(), { viewport: viewports.mobile });
    await page.goto('/discover');
    await page.locator('main h1').first().waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // A later build: another worker script for the same scope (the browser installs a script at a
    // new address even when its bytes are the same).
    const firstWorker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    // Every state the new worker goes through, and a mark that goes if this document is replaced.
    await page.evaluate(async () => {
      const record = window as unknown as { newWorkerStates: string[]; sameDocument: boolean };
      record.newWorkerStates = [];
      record.sameDocument = true;
      const registration = await navigator.serviceWorker.ready;
      registration.addEventListener('updatefound', () => {
        const worker = registration.installing;
        worker?.addEventListener('statechange', () => record.newWorkerStates.push(worker.state));
      });
      await navigator.serviceWorker.register('/sw.js?build=next', { scope: '/' });
    });
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'New version available' });
    await toast.waitFor();
    await shoot(page, 'update-toast');
    // It waits: a tab opened meanwhile still gets the first worker, and this page was not reloaded.
    // The tab opens a file of the site rather than an app page: the app registers the build it was
    // served with (/sw.js), which would replace this test's stand-in for the next build.
    const other = await context.newPage();
    await other.goto('/manifest.webmanifest');
    expect(await other.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(firstWorker);
    await other.close();
    const state = () =>
      page.evaluate(() => {
        const record = window as unknown as { newWorkerStates?: string[]; sameDocument?: boolean };
        return { states: record.newWorkerStates, same: record.sameDocument };
      });
    expect(await state()).toEqual({ states: ['installed'], same: true });
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(firstWorker);
    // Reload: the new worker takes over and the page reloads into it.
    const reloaded = page.waitForEvent('load');
    await toast.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await page.locator('main h1').first().waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(
      /\/sw\.js\?build=next$/,
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});

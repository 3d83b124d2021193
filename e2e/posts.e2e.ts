import { createHash } from 'node:crypto';
import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PostList, PostView } from '../common/schemas/posts.ts';
import { testVideo } from '../server/test/media-fixtures.ts';
import {
  type Account,
  adminAccount,
  approvedCreatorWithPictures,
  createVerifiedAccount,
  signInContext,
} from './support/accounts.ts';
import { baseUrl, openPage, useBrowser, viewports, waitForApp } from './support/browser.ts';
import { solidPng } from './support/fixtures.ts';
import { E2E_ADMIN_EMAIL } from './support/global-setup.ts';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const screenshots = process.env.E2E_SCREENSHOTS;

async function api<T>(account: Account, path: string): Promise<T> {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    headers: { authorization: `Bearer ${account.token}` },
  });
  if (!response.ok) throw new Error(`${path} ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Polls the creator's own posts until this one's media is rendered (videos process in a job). */
async function waitUntilReady(creator: Account, handle: string, description: string): Promise<PostView> {
  let found: PostView | undefined;
  await expect
    .poll(
      async () => {
        const list = await api<PostList>(creator, `/creators/${handle}/posts?limit=20`);
        found = list.items.find((post) => post.description === description);
        return found?.media?.status;
      },
      { timeout: 45_000, interval: 500 },
    )
    .toBe('ready');
  if (!found) throw new Error(`post '${description}' not found`);
  return found;
}

/** Every answer the page received: its URL, and its bytes when the browser kept them. */
function recordResponses(page: Page) {
  const seen: { url: string; status: number; body: Promise<Buffer | null> }[] = [];
  page.on('response', (response: Response) => {
    // An event stream never ends, so its body never arrives (it carries notifications, not media).
    const streaming = (response.headers()['content-type'] ?? '').startsWith('text/event-stream');
    seen.push({
      url: response.url(),
      status: response.status(),
      body: streaming ? Promise.resolve(null) : response.body().catch(() => null),
    });
  });
  return seen;
}

describe('posts, Discover and search in a browser', () => {
  const browser = useBrowser();

  it('a creator posts a locked video with progress; a fan sees only its blurred preview, likes a post and finds the creator by a misspelt name', async () => {
    const suffix = Date.now().toString(36);
    const handle = `zanele_${suffix}`;
    const admin = await adminAccount(E2E_ADMIN_EMAIL);
    const { account: creatorAccount } = await approvedCreatorWithPictures(
      admin,
      { handle, displayName: 'Zanele Okonkwo', avatar: '#d35400', banner: '#34495e' },
      { firstName: 'Zanele', lastName: 'Okonkwo' },
    );

    // The creator posts a public photo, then a video locked behind a one-time price.
    const creator = await openPage(browser(), { viewport: viewports.desktop });
    await signInContext(creator.context, creatorAccount);
    const { page } = creator;
    await page.goto('/post-ccontent');
    const photoText = `Golden hour over Lagos ${suffix}`;
    await page.getByRole('textbox', { name: 'Description' }).fill(photoText);
    await page.getByLabel('Choose a photo').setInputFiles({
      name: 'lagos.png',
      mimeType: 'image/png',
      buffer: await solidPng(1200, 900, '#e67e22'),
    });
    await page.getByRole('img', { name: 'Preview of your upload' }).waitFor();
    await page.getByRole('button', { name: 'Post Content' }).click();
    const success = page.getByRole('dialog', { name: 'Your content has been uploaded successfully' });
    await success.waitFor();
    await success.getByRole('button', { name: 'Post something else' }).click();
    await success.waitFor({ state: 'detached' });

    const videoText = `Backstage, the full cut ${suffix}`;
    const video = testVideo({ faststart: true });
    // The radios are drawn as cards: a person clicks the card's title.
    await page.getByText('Locked Content', { exact: true }).click();
    await page.getByText('One-Time Payment', { exact: true }).click();
    expect(await page.getByRole('radio', { name: 'One-Time Payment' }).isChecked()).toBe(true);
    await page.getByRole('textbox', { name: 'Charge amount (USD)' }).fill('4.99');
    await page.getByRole('textbox', { name: 'Description' }).fill(videoText);
    await page
      .getByLabel('Choose a video')
      .setInputFiles({ name: 'backstage.mp4', mimeType: 'video/mp4', buffer: video });
    await page.getByText('backstage.mp4').waitFor();

    // Every value the progress bar shows, as the page renders it; the upload is slowed so it can move.
    await page.evaluate(() => {
      const values: number[] = [];
      (window as unknown as { progressSeen: number[] }).progressSeen = values;
      const read = () => {
        const bar = document.querySelector('[role="progressbar"][aria-label="Upload progress"]');
        const value = Number(bar?.getAttribute('aria-valuenow'));
        if (bar && values.at(-1) !== value) values.push(value);
      };
      new MutationObserver(read).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['aria-valuenow'],
      });
    });
    const cdp = await creator.context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: Math.ceil(video.length / 3),
    });
    await page.getByRole('button', { name: 'Post Content' }).click();
    await page.getByText('Uploading content...').waitFor();
    if (screenshots) await page.screenshot({ path: `${screenshots}/post-uploading.png`, fullPage: true });
    await success.waitFor({ timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const progress = await page.evaluate(
      () => (window as unknown as { progressSeen: number[] }).progressSeen,
    );
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(100);
    expect(progress.some((value) => value > 0 && value < 100)).toBe(true);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    if (screenshots) await page.screenshot({ path: `${screenshots}/post-success.png` });
    expect(creator.errors).toEqual([]);

    // What the creator (entitled) gets: the rendered video, whose URL and bytes the fan must never get.
    const locked = await waitUntilReady(creatorAccount, handle, videoText);
    await waitUntilReady(creatorAccount, handle, photoText);
    expect(locked).toMatchObject({ visibility: 'pay_per_view', price: { amount: 499, currency: 'USD' } });
    const mediaId = locked.media?.id as string;
    const fullUrls = [locked.media?.urls.hls, locked.media?.urls.poster].filter(Boolean) as string[];
    expect(fullUrls.length).toBe(2);
    const fullBytes = await Promise.all(
      fullUrls.map(async (url) => Buffer.from(await (await fetch(new URL(url, baseUrl()))).arrayBuffer())),
    );
    const forbiddenHashes = new Set([sha256(video), ...fullBytes.map(sha256)]);

    // A fan opens Discover: the locked video is blurred, with the lock and the unlock button.
    const fanAccount = await createVerifiedAccount(undefined, { firstName: 'Kofi', lastName: 'Mensah' });
    const fan = await openPage(browser(), { viewport: viewports.desktop });
    await signInContext(fan.context, fanAccount);
    const received = recordResponses(fan.page);
    await fan.page.goto('/discover');
    const lockedCard = fan.page.getByRole('article').filter({ hasText: videoText });
    await lockedCard.getByRole('button', { name: 'Click to unlock this video' }).waitFor();
    await lockedCard.getByText('Locked', { exact: true }).waitFor();
    await expect
      .poll(() =>
        received.some(
          (answer) => answer.url.includes(`/api/media/${mediaId}/preview`) && answer.status === 200,
        ),
      )
      .toBe(true);
    expect(await lockedCard.locator('video').count()).toBe(0);
    if (screenshots) await fan.page.screenshot({ path: `${screenshots}/discover-locked.png` });

    // The fan likes the public photo; the count goes up and stays after a reload.
    const photoCard = fan.page.getByRole('article').filter({ hasText: photoText });
    const like = photoCard.getByRole('button', { name: /^Like, / });
    await expect.poll(() => like.getAttribute('aria-label')).toBe('Like, 0 likes');
    await like.click();
    await expect.poll(() => like.getAttribute('aria-label')).toBe('Like, 1 like');
    expect(await like.getAttribute('aria-pressed')).toBe('true');
    await fan.page.reload();
    await expect.poll(() => like.getAttribute('aria-label'), { timeout: 10_000 }).toBe('Like, 1 like');
    expect(await like.getAttribute('aria-pressed')).toBe('true');

    // Misspelt in the top bar: the creator is in the dropdown; Enter lists them on Discover.
    // The reload is the fan's own page from the server: typing waits until the app has adopted it.
    await waitForApp(fan.page);
    const search = fan.page.getByRole('banner').getByRole('searchbox', { name: 'Search creators' });
    await search.fill('zanel okonkow');
    // This attempt's creator: a retry of this test adds another Zanele Okonkwo.
    const option = fan.page.getByRole('option', { name: /Zanele Okonkwo/ }).filter({ hasText: `@${handle}` });
    await option.waitFor();
    expect(await option.textContent()).toContain(`@${handle}`);
    if (screenshots) await fan.page.screenshot({ path: `${screenshots}/search-dropdown.png` });
    await search.press('Enter');
    await fan.page.waitForURL(
      (url) => url.pathname === '/discover' && url.searchParams.get('q') === 'zanel okonkow',
    );
    const results = fan.page.getByRole('region', { name: 'Creators matching “zanel okonkow”' });
    await results.getByRole('link', { name: 'Zanele Okonkwo' }).waitFor();
    if (screenshots) await fan.page.screenshot({ path: `${screenshots}/search-results.png` });

    // Keyboard: Down highlights the best match and Enter opens its page.
    await search.fill('okonkwo');
    await option.waitFor();
    await search.press('ArrowDown');
    await search.press('Enter');
    await fan.page.waitForURL((url) => url.pathname === `/public-profile/${handle}`);

    // Nothing the fan's browser received was the video, its poster, or a link to either.
    const answers = await Promise.all(
      received.map(async (answer) => ({ ...answer, bytes: await answer.body })),
    );
    const mediaPaths = answers
      .map((answer) => new URL(answer.url).pathname)
      .filter((path) => path.startsWith(`/api/media/${mediaId}/`));
    expect(mediaPaths.length).toBeGreaterThan(0);
    expect(new Set(mediaPaths)).toEqual(new Set([`/api/media/${mediaId}/preview`]));
    for (const answer of answers) {
      if (!answer.bytes) continue;
      expect(forbiddenHashes.has(sha256(answer.bytes))).toBe(false);
      const text = answer.bytes.toString('latin1');
      for (const variant of ['hls', 'video', 'poster', 'w320', 'w640', 'w1280', 'w2048', 'jpeg'])
        expect(text.includes(`/api/media/${mediaId}/${variant}`)).toBe(false);
    }
    expect(fan.errors).toEqual([]);

    await Promise.all([creator.context.close(), fan.context.close()]);
  }, 180_000);

  it('on a 390 px phone: the form clears the bottom bar, a stopped upload resumes, search opens upwards', async () => {
    const suffix = Date.now().toString(36);
    const handle = `phone_${suffix}`;
    const admin = await adminAccount(E2E_ADMIN_EMAIL);
    const { account } = await approvedCreatorWithPictures(admin, {
      handle,
      displayName: 'Thandiwe Phone',
      avatar: '#27ae60',
      banner: '#2c3e50',
    });
    const phone = { width: 390, height: 844 };
    const { page, context, errors } = await openPage(browser(), { viewport: phone });
    await signInContext(context, account);
    await page.goto('/post-ccontent');
    await page.getByRole('textbox', { name: 'Description' }).fill('Sunrise run');
    await page.getByText('Locked Content', { exact: true }).click();
    await page.getByText('One-Time Payment', { exact: true }).click();
    await page.getByLabel('Choose a photo').setInputFiles({
      name: 'run.png',
      mimeType: 'image/png',
      buffer: await solidPng(900, 1200, '#8e44ad'),
    });
    await page.getByText('run.png').waitFor();
    const noSideScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await noSideScroll()).toBe(true);
    if (screenshots) await page.screenshot({ path: `${screenshots}/post-phone.png`, fullPage: true });

    // Post Content scrolls clear of the fixed bottom bar.
    const submit = page.getByRole('button', { name: 'Post Content' });
    await submit.scrollIntoViewIfNeeded();
    const bar = await page.getByRole('navigation', { name: 'Quick actions' }).boundingBox();
    const button = await submit.boundingBox();
    expect(bar && button && button.y + button.height <= bar.y).toBe(true);
    await submit.click();
    await page.getByText('Charge amount is required').waitFor();

    // A stopped upload keeps the form as it was, and posting again resumes it to the end.
    await page.getByRole('textbox', { name: 'Charge amount (USD)' }).fill('2.50');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const throttle = (uploadThroughput: number) =>
      cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput,
      });
    await throttle(1024);
    await submit.click();
    await page.getByText('Uploading content...').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('alert').filter({ hasText: 'Upload stopped' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Description' }).inputValue()).toBe('Sunrise run');
    expect(await page.getByRole('textbox', { name: 'Charge amount (USD)' }).inputValue()).toBe('2.50');
    await page.getByText('run.png').waitFor();
    await throttle(-1);
    await submit.click();
    const success = page.getByRole('dialog', { name: 'Your content has been uploaded successfully' });
    await success.waitFor();
    await success.getByRole('button', { name: 'Post something else' }).click();
    await success.waitFor({ state: 'detached' });

    // The phone's search lives in the bottom bar; its list opens upwards, on screen.
    const search = page.getByRole('navigation', { name: 'Quick actions' }).getByRole('searchbox');
    await search.fill('thandiwe phon');
    const list = page.getByRole('listbox');
    // This attempt's creator: a retry of this test adds another Thandiwe Phone.
    await list
      .getByRole('option', { name: /Thandiwe Phone/ })
      .filter({ hasText: `@${handle}` })
      .waitFor();
    const box = await list.boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= (bar?.y ?? 0)).toBe(true);
    expect(await noSideScroll()).toBe(true);
    if (screenshots) await page.screenshot({ path: `${screenshots}/search-phone.png` });
    await search.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === 'thandiwe phon');
    await page
      .getByRole('region', { name: /Creators matching/ })
      .getByRole('link', { name: 'Thandiwe Phone' })
      .waitFor();
    expect(await noSideScroll()).toBe(true);
    if (screenshots) await page.screenshot({ path: `${screenshots}/results-phone.png` });
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});

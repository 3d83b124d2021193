import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaView } from '../common/schemas/media.ts';
import type { PostList, PostView } from '../common/schemas/posts.ts';
import {
  type Account,
  adminAccount,
  approvedCreator,
  createVerifiedAccount,
  signInContext,
} from './support/accounts.ts';
import { baseUrl, clientAddress, launchBrowser, openPage, viewports } from './support/browser.ts';
import { E2E_ADMIN_EMAIL } from './support/global-setup.ts';

const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
);
const png = (width: number, height: number, color: string) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
const screenshots = process.env.E2E_SCREENSHOTS;

async function api<T>(account: Account, path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${account.token}`,
      'x-forwarded-for': clientAddress(),
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
  });
  if (!response.ok) throw new Error(`${path} ${response.status}: ${await response.text()}`);
  return (response.status === 204 ? null : await response.json()) as T;
}

/** One photo into the creator's vault through the resumable upload, then processed by the job. */
async function uploadPhoto(account: Account, color: string): Promise<string> {
  const data = await png(640, 480, color);
  const tus = { 'tus-resumable': '1.0.0', authorization: `Bearer ${account.token}` };
  const created = await fetch(`${baseUrl()}/api/uploads`, {
    method: 'POST',
    headers: {
      ...tus,
      'x-forwarded-for': clientAddress(),
      'upload-length': String(data.length),
      'upload-metadata': `filetype ${Buffer.from('image/png').toString('base64')}`,
    },
  });
  if (created.status !== 201) throw new Error(`tus create ${created.status}: ${await created.text()}`);
  const location = created.headers.get('location') ?? '';
  const patched = await fetch(new URL(location, baseUrl()), {
    method: 'PATCH',
    headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    body: data,
  });
  // The last chunk answers with the media object.
  if (patched.status !== 200) throw new Error(`tus patch ${patched.status}: ${await patched.text()}`);
  const { id } = (await patched.json()) as MediaView;
  await expect
    .poll(async () => (await api<MediaView>(account, `/media/${id}`)).status, {
      timeout: 30_000,
      interval: 300,
    })
    .toBe('ready');
  return id;
}

describe('the creator workflow in a browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('a creator builds a 3-item post from the vault and schedules it; fans see the carousel of a published one', async () => {
    const suffix = Date.now().toString(36);
    const admin = await adminAccount(E2E_ADMIN_EMAIL);
    const { account, creator } = await approvedCreator(admin, {
      handle: `vaulted_${suffix}`,
      displayName: 'Vault Keeper',
      images: { avatar: await png(256, 256, '#336699'), banner: await png(1200, 400, '#993366') },
      pdf,
    });

    const { page, context, errors } = await openPage(browser, { viewport: viewports.desktop });
    await signInContext(context, account);

    // An empty vault says what it is for.
    await page.goto('/vault');
    await page.getByRole('heading', { name: 'Your vault is empty' }).waitFor();
    if (screenshots) await page.screenshot({ path: `${screenshots}/vault-empty.png`, fullPage: true });

    const ids = [
      await uploadPhoto(account, '#e63946'),
      await uploadPhoto(account, '#2a9d8f'),
      await uploadPhoto(account, '#e9c46a'),
    ];
    await page.reload();
    await expect
      .poll(() => page.getByRole('list', { name: 'Your uploads' }).getByRole('listitem').count())
      .toBe(3);
    // A folder, made from the keyboard.
    await page.getByRole('button', { name: 'New folder' }).click();
    // The name field takes the caret when it opens; typing before it has would lose keys.
    const folderName = page.getByRole('textbox', { name: 'Folder name' });
    await expect.poll(() => folderName.evaluate((field) => field === document.activeElement)).toBe(true);
    await page.keyboard.type('Beach');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: /Beach/ }).waitFor();
    if (screenshots) await page.screenshot({ path: `${screenshots}/vault.png`, fullPage: true });

    // The post: three photos picked from the vault, in the order picked, scheduled for tomorrow.
    await page.goto('/post-ccontent');
    await page.getByRole('textbox', { name: 'Description' }).fill('Three from the beach');
    await page.getByRole('button', { name: 'From your vault' }).click();
    const picker = page.getByRole('dialog', { name: 'Add from your vault' });
    const tiles = picker.getByRole('list', { name: 'Your uploads' }).getByRole('button');
    await expect.poll(() => tiles.count(), { timeout: 10_000 }).toBe(3);
    // Newest first in the vault: pick the oldest first so the post keeps the upload order.
    await tiles.nth(2).click();
    await tiles.nth(1).click();
    await tiles.nth(0).click();
    if (screenshots) await page.screenshot({ path: `${screenshots}/vault-picker.png` });
    await picker.getByRole('button', { name: 'Add 3' }).click();
    await page.getByRole('list', { name: 'More photos and videos, in order' }).waitFor();

    await page.getByText('Schedule', { exact: true }).click();
    expect(await page.getByRole('radio', { name: 'Schedule' }).isChecked()).toBe(true);
    const tomorrow = new Date(Date.now() + 24 * 3600_000);
    const pad = (value: number) => String(value).padStart(2, '0');
    const local = `${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}T10:30`;
    await page.getByLabel('Goes out on').fill(local);
    await page.getByRole('button', { name: 'Schedule post' }).click();
    await page.getByRole('dialog', { name: 'Your post is scheduled' }).waitFor();
    if (screenshots) await page.screenshot({ path: `${screenshots}/post-scheduled.png` });

    const queue = await api<PostList>(account, '/creators/me/queue');
    expect(queue.items).toHaveLength(1);
    const [scheduled] = queue.items;
    expect(scheduled?.items.map((item) => item.id)).toEqual(ids);
    expect(scheduled?.publishAt).toBe(new Date(local).toISOString());
    // Nobody else sees it before its time.
    const profile = await fetch(`${baseUrl()}/api/creators/${creator.handle}/posts`);
    expect(((await profile.json()) as PostList).items).toEqual([]);

    await page.getByRole('link', { name: 'Open your queue' }).click();
    await page.getByRole('list', { name: 'Scheduled posts' }).getByText('Three from the beach').waitFor();
    if (screenshots) await page.screenshot({ path: `${screenshots}/queue.png`, fullPage: true });
    // Edited in the queue: its words, and a date after which it is hidden.
    await page
      .getByRole('list', { name: 'Scheduled posts' })
      .getByRole('button', { name: 'Edit post' })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit post' });
    await edit.getByRole('textbox', { name: 'Description' }).fill('Three from the beach, in order');
    const hideAfter = new Date(Date.now() + 9 * 86_400_000);
    hideAfter.setSeconds(0, 0);
    const hideLocal = new Date(hideAfter.getTime() - hideAfter.getTimezoneOffset() * 60_000)
      .toISOString()
      .slice(0, 16);
    await edit.getByLabel('Hide it after (optional)').fill(hideLocal);
    if (screenshots) await page.screenshot({ path: `${screenshots}/queue-edit.png` });
    await edit.getByRole('button', { name: 'Save' }).click();
    await page
      .getByRole('list', { name: 'Scheduled posts' })
      .getByText('Three from the beach, in order')
      .waitFor()
      .catch(async (error) => {
        if (screenshots) await page.screenshot({ path: `${screenshots}/queue-edit-failed.png` });
        throw error;
      });
    const edited = (await api<PostList>(account, '/creators/me/queue')).items[0];
    expect(edited?.expiresAt).toBe(hideAfter.toISOString());
    expect(edited?.publishAt).toBe(new Date(local).toISOString());

    // A published post of the same three items: a carousel, moved with the arrow keys.
    const published = await api<PostView>(account, '/posts', {
      method: 'POST',
      body: JSON.stringify({ description: 'Carousel now', mediaIds: ids }),
    });
    expect(published.items).toHaveLength(3);
    await api<PostView>(account, `/posts/${published.id}/pin`, { method: 'PUT' });
    const fan = await openPage(browser, { viewport: viewports.desktop });
    await fan.page.goto(`/public-profile/${creator.handle}`);
    // Only the published post counts on the profile (the scheduled one waits).
    await fan.page.getByRole('tab', { name: 'Posts (1)' }).click();
    // Pinned by the creator, and it says so.
    await fan.page
      .getByRole('article')
      .filter({ hasText: 'Carousel now' })
      .getByText('Pinned', { exact: true })
      .waitFor();
    const carousel = fan.page.getByRole('region', { name: /3 photos and videos by Vault Keeper/ });
    await carousel.waitFor({ timeout: 10_000 }).catch(async (error) => {
      if (screenshots)
        await fan.page.screenshot({ path: `${screenshots}/carousel-missing.png`, fullPage: true });
      throw error;
    });
    await expect.poll(() => carousel.getByText('1 / 3').isVisible(), { timeout: 5000 }).toBe(true);
    await carousel.locator('[tabindex="0"]').first().focus();
    await fan.page.keyboard.press('ArrowRight');
    await expect.poll(() => carousel.getByText('2 / 3').isVisible(), { timeout: 5000 }).toBe(true);
    await carousel.getByRole('button', { name: 'Next photo or video' }).click();
    await expect.poll(() => carousel.getByText('3 / 3').isVisible(), { timeout: 5000 }).toBe(true);
    if (screenshots) await fan.page.screenshot({ path: `${screenshots}/carousel.png` });

    // The phone layout of the queue and the vault.
    const phone = await openPage(browser, { viewport: viewports.mobile });
    await signInContext(phone.context, account);
    await phone.page.goto('/post-queue');
    await phone.page.getByText('Three from the beach').waitFor();
    if (screenshots) await phone.page.screenshot({ path: `${screenshots}/queue-phone.png`, fullPage: true });
    await phone.page.goto('/vault');
    await expect
      .poll(() => phone.page.getByRole('list', { name: 'Your uploads' }).getByRole('listitem').count())
      .toBe(3);
    const overflow = await phone.page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    if (screenshots) await phone.page.screenshot({ path: `${screenshots}/vault-phone.png`, fullPage: true });

    expect([...errors, ...fan.errors, ...phone.errors]).toEqual([]);
    await Promise.all([context.close(), fan.context.close(), phone.context.close()]);
  });

  it('a creator asks a poll; two fans answer it and see the results', async () => {
    const suffix = Date.now().toString(36);
    const admin = await adminAccount(E2E_ADMIN_EMAIL);
    const { account, creator } = await approvedCreator(admin, {
      handle: `asker_${suffix}`,
      displayName: 'Poll Asker',
      images: { avatar: await png(256, 256, '#225577'), banner: await png(1200, 400, '#775522') },
      pdf,
    });
    const { page, context, errors } = await openPage(browser, { viewport: viewports.desktop });
    await signInContext(context, account);
    await page.goto('/post-ccontent');
    await page.getByRole('textbox', { name: 'Description' }).fill('Where do we shoot next?');
    await page
      .getByLabel('Choose a photo')
      .setInputFiles({ name: 'spot.png', mimeType: 'image/png', buffer: await png(800, 600, '#4cc9f0') });
    await page.getByRole('button', { name: 'Add a poll' }).click();
    await page.getByLabel('Option 1', { exact: true }).fill('Beach');
    await page.getByLabel('Option 2', { exact: true }).fill('beach');
    const tomorrow = new Date(Date.now() + 24 * 3600_000);
    const pad = (value: number) => String(value).padStart(2, '0');
    await page
      .getByLabel('Voting ends')
      .fill(`${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}T18:00`);
    await page.getByRole('button', { name: 'Post Content' }).click();
    // A repeated option is refused before anything is sent.
    await page.getByText('Two options say the same thing').waitFor();
    if (screenshots) await page.screenshot({ path: `${screenshots}/poll-form-error.png`, fullPage: true });
    await page.getByLabel('Option 2', { exact: true }).fill('Mountains');
    await page.getByRole('button', { name: 'Add option' }).click();
    await page.getByLabel('Option 3', { exact: true }).fill('City');
    await page.getByRole('button', { name: 'Post Content' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Post something else' }).waitFor();

    // Fans see the post once its photo is processed.
    await expect
      .poll(
        async () =>
          (await api<PostList>(account, `/creators/${creator.handle}/posts`)).items[0]?.media?.status,
        {
          timeout: 30_000,
          interval: 300,
        },
      )
      .toBe('ready');
    const answers = ['Mountains', 'Mountains'];
    const fans = [];
    for (const [index, answer] of answers.entries()) {
      const fan = await createVerifiedAccount();
      const opened = await openPage(browser, {
        viewport: index === 0 ? viewports.desktop : viewports.mobile,
      });
      await signInContext(opened.context, fan);
      await opened.page.goto(`/public-profile/${creator.handle}`);
      await opened.page.getByRole('tab', { name: /Posts/ }).click();
      const poll = opened.page.getByRole('region', { name: 'Poll' });
      await poll.getByRole('button', { name: answer }).click();
      const results = poll.getByRole('list', { name: 'Poll results' });
      await results.waitFor();
      await expect
        .poll(() =>
          poll.getByText(`${index + 1} ${index === 0 ? 'vote' : 'votes'}`, { exact: false }).isVisible(),
        )
        .toBe(true);
      if (screenshots) await opened.page.screenshot({ path: `${screenshots}/poll-results-${index + 1}.png` });
      fans.push(opened);
    }
    const posts = await api<PostList>(account, `/creators/${creator.handle}/posts`);
    expect(posts.items[0]?.poll?.options.map((option) => option.votes)).toEqual([0, 2, 0]);
    expect([...errors, ...fans.flatMap((fan) => fan.errors)]).toEqual([]);
    await Promise.all([context.close(), ...fans.map((fan) => fan.context.close())]);
  });
});

import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { PostList } from '../common/schemas/posts.ts';
import {
  type Account,
  adminAccount,
  apiAs,
  approvedCreatorWithPictures,
  createVerifiedAccount,
  signInContext,
} from './support/accounts.ts';
import { baseUrl, openPage, useBrowser, viewports } from './support/browser.ts';
import { solidPng } from './support/fixtures.ts';
import { E2E_ADMIN_EMAIL } from './support/global-setup.ts';

const screenshots = process.env.E2E_SCREENSHOTS;

const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]', { hasText: text }).first();

/** A subscribers-only photo post (a plain colour), once its image is processed. */
async function subscribersPhotoPost(creator: Account, handle: string, description: string) {
  const data = await solidPng(800, 600, '#2563eb');
  const tus = { 'tus-resumable': '1.0.0', authorization: `Bearer ${creator.token}` };
  const created = await fetch(`${baseUrl()}/api/uploads`, {
    method: 'POST',
    headers: {
      ...tus,
      'upload-length': String(data.length),
      'upload-metadata': `filename ${Buffer.from('photo.png').toString('base64')},filetype ${Buffer.from('image/png').toString('base64')}`,
    },
  });
  if (created.status !== 201) throw new Error(`tus create ${created.status}`);
  const patched = await fetch(new URL(created.headers.get('location') as string, baseUrl()), {
    method: 'PATCH',
    headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    body: new Uint8Array(data),
  });
  const mediaId = ((await patched.json()) as { id: string }).id;
  await expect
    .poll(
      async () =>
        (
          await fetch(`${baseUrl()}/api/posts`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${creator.token}` },
            body: JSON.stringify({ description, mediaId, visibility: 'subscribers' }),
          })
        ).status,
      { timeout: 30_000, interval: 500 },
    )
    .toBe(201);
  await expect
    .poll(
      async () =>
        (await apiAs<PostList>(creator, 'GET', `/creators/${handle}/posts?limit=5`)).items.find(
          (item) => item.description === description,
        )?.media?.status,
      { timeout: 30_000, interval: 500 },
    )
    .toBe('ready');
}

/** Near-white pixels in the bottom-right corner and the top-left quarter of a blue photo. */
async function whiteIn(png: Buffer) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let corner = 0;
  let elsewhere = 0;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const i = (y * info.width + x) * 3;
      const white = (data[i] ?? 0) > 200 && (data[i + 1] ?? 0) > 200 && (data[i + 2] ?? 0) > 200;
      if (!white) continue;
      if (y > info.height * 0.75 && x > info.width * 0.4) corner++;
      else if (y < info.height * 0.5 && x < info.width * 0.5) elsewhere++;
    }
  }
  return { corner, elsewhere };
}

describe('watermark in a browser', () => {
  const browser = useBrowser();

  it('a creator turns the mark on from a phone; a subscriber opens the photo and sees the page address on it', async () => {
    const admin = await adminAccount(E2E_ADMIN_EMAIL);
    const handle = `mark${Date.now().toString(36)}`;
    const { account: creatorAccount } = await approvedCreatorWithPictures(
      admin,
      { handle, displayName: 'Ines Mark', avatar: '#db2777', banner: '#0f766e' },
      { firstName: 'Ines', lastName: 'Mark' },
    );
    const description = 'Blue hour, for subscribers';
    await subscribersPhotoPost(creatorAccount, handle, description);

    // The creator, on a phone: Settings > Privacy & Safety > Watermark, by keyboard.
    const creator = await openPage(browser(), { viewport: viewports.mobile });
    await signInContext(creator.context, creatorAccount);
    await creator.page.goto('/settings?tab=privacy-safety');
    const section = creator.page.getByRole('region', { name: 'Watermark' });
    const mark = section.getByRole('switch', { name: 'Show my page address on my photos and videos' });
    await mark.waitFor();
    const viewerName = section.getByRole('checkbox', { name: 'Also show the viewer’s name on paid photos' });
    expect(await viewerName.isDisabled()).toBe(true);
    await mark.focus();
    await creator.page.keyboard.press('Space');
    await toast(creator.page, 'Your photos and new videos now show your page address').waitFor();
    const host = new URL(baseUrl()).host;
    await section.getByText(`On: ${host}/${handle} in the corner`).waitFor();
    await section.getByRole('img', { name: new RegExp(`Example photo with ${host}/${handle}`) }).waitFor();
    expect(await viewerName.isDisabled()).toBe(false);
    // Nothing scrolls sideways on the phone.
    expect(await creator.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewports.mobile.width,
    );
    if (screenshots) await creator.page.screenshot({ path: `${screenshots}/watermark-settings-phone.png` });
    expect(creator.errors).toEqual([]);
    await creator.context.close();

    // A fan subscribes on the sandbox checkout, then opens the photo.
    const fanAccount = await createVerifiedAccount(undefined, { firstName: 'Theo', lastName: 'Fan' });
    const fan = await openPage(browser(), { viewport: viewports.desktop });
    await signInContext(fan.context, fanAccount);
    await fan.page.goto(`/public-profile/${handle}`);
    await fan.page.getByRole('button', { name: /Subscribe Now/ }).click();
    const plans = fan.page.getByRole('dialog', { name: 'Select plan' });
    await plans.getByRole('button', { name: /^Subscribe for/ }).click();
    await fan.page.waitForURL((url) => url.pathname.startsWith('/api/payments/sandbox/checkout/'));
    await fan.page.getByRole('button', { name: /^Pay / }).click();
    await fan.page.waitForURL((url) => url.pathname === `/public-profile/${handle}`);
    await fan.page
      .getByRole('region', { name: 'Your subscription' })
      .getByText(/Subscribed/)
      .waitFor();
    await fan.page.getByRole('tab', { name: /^Posts/ }).click();
    const card = fan.page.getByRole('article').filter({ hasText: description });
    await card.getByRole('button', { name: 'Open photo by Ines Mark' }).click();
    const image = fan.page.getByRole('dialog').locator('img').first();
    await image.waitFor();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
        timeout: 15_000,
      })
      .toBe(true);
    if (screenshots) await fan.page.screenshot({ path: `${screenshots}/watermark-fan-photo.png` });
    // The bytes the browser shows (a screenshot of the page would also catch a toast over the corner).
    const shown = await image.evaluate(async (img: HTMLImageElement) => {
      const response = await fetch(img.currentSrc);
      return Array.from(new Uint8Array(await response.arrayBuffer()));
    });
    const { corner, elsewhere } = await whiteIn(Buffer.from(shown));
    // The white text of the page address in the corner of a plain blue photo, and nowhere else.
    expect(corner).toBeGreaterThan(50);
    expect(elsewhere).toBe(0);
    await fan.context.close();
  });
});

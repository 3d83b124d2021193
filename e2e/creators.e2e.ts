import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccount, createCreator, createVerifiedAccount, signInContext } from './support/accounts.ts';
import { launchBrowser, openPage, viewports } from './support/browser.ts';
import { identityPdf, solidPng } from './support/fixtures.ts';
import { E2E_ADMIN_EMAIL } from './support/global-setup.ts';
import { waitForMail } from './support/mail.ts';

/** Console errors other than Chromium's line for a 4xx answer a test provoked on purpose. */
const unexpected = (errors: string[]) =>
  errors.filter(
    (error) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(error),
  );

async function primary(page: Page, name: string | RegExp) {
  const button = page.getByRole('button', { name, exact: typeof name === 'string' });
  // A step's button waits for its uploads (a photo, a banner), which take longer on a busy machine.
  await expect.poll(() => button.isEnabled(), { timeout: 30_000 }).toBe(true);
  await button.click();
}

describe('the creator journey in a browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('onboards in 8 steps (resuming after a reload), is approved by an admin, and is followed from More Creators', async () => {
    const handle = `studio_${Date.now().toString(36)}`;
    const creatorAccount = await createVerifiedAccount(undefined, { firstName: 'Nia', lastName: 'Okoro' });
    const creator = await openPage(browser, { viewport: viewports.mobile });
    await signInContext(creator.context, creatorAccount);
    const { page } = creator;

    await page.goto('/creator');
    await expect.poll(() => page.getByText('Content Creator Agreement').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByLabel('Onboarding progress').count()).toBe(0);
    await primary(page, /get started/i);

    // Country: a searchable list.
    await page.getByLabel('Search countries').fill('keny');
    await page.getByRole('radio', { name: 'Kenya' }).check();
    await primary(page, /continue/i);

    await page.getByRole('radio', { name: 'Female' }).check();
    await primary(page, /continue/i);

    // Bio: photo, display name, handle (checked while typing), identity document.
    await page
      .getByLabel('Profile photo')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await solidPng(400, 400, '#c0392b') });
    await page.getByLabel('Display name').fill('Nia Studio');
    await page.getByLabel('Handle').fill(handle);
    await page.getByText('This handle is available').waitFor();
    await page
      .getByLabel('Verification document')
      .setInputFiles({ name: 'passport.pdf', mimeType: 'application/pdf', buffer: identityPdf });
    await page.getByText('passport.pdf').waitFor();
    await primary(page, /continue/i);

    await page.getByLabel('Banner image').setInputFiles({
      name: 'banner.png',
      mimeType: 'image/png',
      buffer: await solidPng(1500, 500, '#2c3e50'),
    });
    await page.getByLabel('Bio').fill('Street photography from Nairobi.');
    await primary(page, /continue/i);

    // The draft lives on the server: a reload resumes at the plans step with everything kept.
    await page.getByLabel(/Monthly price/).waitFor();
    await page.reload();
    await page.getByLabel(/Monthly price/).fill('$9.99abc');
    await expect.poll(() => page.getByLabel(/Monthly price/).inputValue()).toBe('9.99');
    await page.getByText('Save 20%').first().waitFor();
    await primary(page, /continue/i);

    await primary(page, /skip for now/i);
    await page
      .getByText(/waiting for review/i)
      .first()
      .waitFor();
    // The onboarding photo is the account's photo: the header shows it instead of initials.
    const headerPhoto = page.getByRole('button', { name: /^Account menu for/ }).locator('img');
    await headerPhoto.waitFor();
    expect(await headerPhoto.getAttribute('src')).toMatch(/\/api\/media\/[0-9a-f-]+\//);
    expect(unexpected(creator.errors)).toEqual([]);

    // An admin approves; the creator is told by email.
    const admin = await adminAccount(E2E_ADMIN_EMAIL);
    const adminPage = await openPage(browser, { viewport: viewports.desktop });
    await signInContext(adminPage.context, admin);
    await adminPage.page.goto('/admin/creators');
    const card = adminPage.page.getByRole('article').filter({ hasText: `@${handle}` });
    await card.getByText(creatorAccount.email).waitFor();
    await card.getByRole('button', { name: /approve/i }).click();
    await expect.poll(() => card.count()).toBe(0);
    const mail = await waitForMail(creatorAccount.email, /approved/);
    expect(mail.text).toContain(`/public-profile/${handle}`);
    expect(unexpected(adminPage.errors)).toEqual([]);

    // Another user finds the creator in 'More Creators' and follows them.
    const fanAccount = await createVerifiedAccount();
    const fan = await openPage(browser, { viewport: viewports.desktop });
    await signInContext(fan.context, fanAccount);
    await fan.page.goto('/');
    const panel = fan.page.getByRole('complementary', { name: 'More Creators' });
    const suggestion = panel.getByRole('listitem').filter({ hasText: 'Nia Studio' });
    await suggestion.getByRole('button', { name: /^follow/i }).click();
    // Followed creators leave the suggestions.
    await expect.poll(() => suggestion.count(), { timeout: 10_000 }).toBe(0);
    await fan.page.goto(`/public-profile/${handle}`);
    await fan.page.getByRole('heading', { name: 'Nia Studio' }).waitFor();
    await fan.page.getByRole('button', { name: /unfollow/i }).waitFor();
    const followers = fan.page.getByText('Followers', { exact: true }).locator('xpath=..').locator('dd');
    await expect.poll(() => followers.textContent()).toBe('1');
    expect(unexpected(fan.errors)).toEqual([]);

    await Promise.all([creator.context.close(), adminPage.context.close(), fan.context.close()]);
  });

  it('checks the edit profile form with the spec messages, then saves after confirming', async () => {
    const account = await createVerifiedAccount();
    const handle = `editme_${Date.now().toString(36)}`;
    const creatorProfile = await createCreator(account, {
      handle,
      displayName: 'Before Edit',
      images: { avatar: await solidPng(300, 300, '#16a085'), banner: await solidPng(1200, 1200, '#8e44ad') },
      pdf: identityPdf,
    });
    const { page, context, errors } = await openPage(browser, { viewport: viewports.mobile });
    await signInContext(context, account);
    await page.goto(`/edit-profile/${creatorProfile.id}`);

    const displayName = page.getByLabel('Display name');
    await expect.poll(() => displayName.inputValue()).toBe('Before Edit');
    await displayName.fill('');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Display name is required').waitFor();

    await displayName.fill('After Edit');
    const username = page.getByLabel(/username/i);
    await username.fill(handle);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Username must start with @').waitFor();

    await username.fill(`@${handle}_new`);
    await page.getByLabel('Bio').fill('x'.repeat(501));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Bio must be at most 500 characters').waitFor();

    await page.getByLabel('Bio').fill('Edited in a browser.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page
      .getByRole('alertdialog', { name: 'Save Changes?' })
      .or(page.getByRole('dialog', { name: 'Save Changes?' }));
    await dialog.getByRole('button', { name: /save/i }).click();
    await page.waitForURL((url) => url.pathname === `/public-profile/${handle}_new`);
    await page.getByRole('heading', { name: 'After Edit' }).waitFor();

    // The old link still leads to the profile, under its new handle.
    await page.goto(`/public-profile/${handle}`);
    await page.waitForURL((url) => url.pathname === `/public-profile/${handle}_new`);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });
});

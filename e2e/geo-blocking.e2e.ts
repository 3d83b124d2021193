import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccount, approvedCreator, signInContext, youtubePost } from './support/accounts.ts';
import { launchBrowser, openPage } from './support/browser.ts';
import { identityPdf, solidPng } from './support/fixtures.ts';
import { E2E_ADMIN_EMAIL } from './support/global-setup.ts';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text }).first();
const unexpected = (errors: string[]) =>
  errors.filter(
    (error) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(error),
  );

// Addresses from known ranges of the GeoLite2 country database.
const UK = '81.2.69.160';
const US = '8.8.8.8';

describe('geo-blocking in a browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('a creator hides their page in a country; a visitor from there sees the region message, others the page', async () => {
    const admin = await adminAccount(E2E_ADMIN_EMAIL);
    const handle = `geo_${Date.now().toString(36)}`;
    const { account, creator } = await approvedCreator(admin, {
      handle,
      displayName: 'Nadia Geo',
      images: { avatar: await solidPng(300, 300, '#16a085'), banner: await solidPng(1200, 1200, '#2c3e50') },
      pdf: identityPdf,
    });
    await youtubePost(account, 'Sunrise over the ridge');

    const owner = await openPage(browser);
    await signInContext(owner.context, account);
    await owner.page.goto('/settings?tab=privacy-safety');
    const section = owner.page.getByRole('region', { name: 'Hide my page in countries' });
    await section.getByText('Your page is shown in every country.').waitFor();
    await section.getByLabel('Find a country').fill('united king');
    await section.getByRole('button', { name: 'Hide in United Kingdom' }).click();
    await section.getByRole('list', { name: 'Hidden in' }).getByText('United Kingdom').waitFor();
    await section.getByRole('button', { name: 'Save countries' }).click();
    await toast(owner.page, 'Your page is hidden in the chosen countries').waitFor();
    expect(unexpected(owner.errors)).toEqual([]);
    await owner.context.close();

    const visitor = await openPage(browser, { address: UK });
    await visitor.page.goto(`/public-profile/${creator.handle}`);
    await visitor.page.getByRole('heading', { name: 'Not available in your region' }).waitFor();
    await visitor.page.getByText("This creator's page is not available in your region").waitFor();
    await visitor.context.close();

    const elsewhere = await openPage(browser, { address: US });
    await elsewhere.page.goto(`/public-profile/${creator.handle}`);
    await elsewhere.page.getByRole('heading', { name: 'Nadia Geo' }).waitFor();
    expect(unexpected(elsewhere.errors)).toEqual([]);
    await elsewhere.context.close();
  });
});

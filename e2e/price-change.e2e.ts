import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  adminAccount,
  approvedCreatorWithPictures,
  createVerifiedAccount,
  signInContext,
} from './support/accounts.ts';
import { openPage, useBrowser, viewports } from './support/browser.ts';
import { E2E_ADMIN_EMAIL } from './support/global-setup.ts';

const screenshots = process.env.E2E_SCREENSHOTS;
const phone = viewports.mobile;

/** Nothing wider than the screen: no sideways scrolling on a phone. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('changing the subscription price in a browser', () => {
  const browser = useBrowser();

  it('a creator changes the monthly price on a phone after a confirm step; a new fan is offered the new price', async () => {
    const admin = await adminAccount(E2E_ADMIN_EMAIL);
    const handle = `price${Date.now().toString(36)}`;
    const { account: creatorAccount, creator } = await approvedCreatorWithPictures(admin, {
      handle,
      displayName: 'Ines Price',
      avatar: '#0ea5e9',
      banner: '#a855f7',
    });

    const owner = await openPage(browser(), { viewport: phone });
    await signInContext(owner.context, creatorAccount);
    await owner.page.goto(`/edit-profile/${creator.id}`);
    const price = owner.page.getByLabel('Monthly price (USD)');
    await price.fill('3');
    await owner.page.getByRole('button', { name: 'Change price' }).click();
    await owner.page.getByText('The monthly price must be between $4.99 and $100').waitFor();

    await price.fill('7.50');
    await owner.page.getByRole('button', { name: 'Change price' }).click();
    const dialog = owner.page.getByRole('dialog', { name: 'Change your price to $7.50 a month?' });
    await dialog.getByText(/Current subscribers keep paying \$5\.00 until their next renewal/).waitFor();
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= phone.width).toBe(true);
    if (screenshots) await owner.page.screenshot({ path: `${screenshots}/price-change-confirm-phone.png` });
    await dialog.getByRole('button', { name: 'Change price' }).click();
    await owner.page.getByText(/Now \$7\.50 a month/).waitFor();
    expect(await fitsWidth(owner.page)).toBe(true);
    expect(owner.errors).toEqual([]);

    // A fan who subscribes now is offered, and would be charged, the new price.
    const fanAccount = await createVerifiedAccount(undefined, { firstName: 'Kofi', lastName: 'Mensah' });
    const fan = await openPage(browser(), { viewport: phone });
    await signInContext(fan.context, fanAccount);
    await fan.page.goto(`/public-profile/${handle}`);
    await fan.page.getByRole('button', { name: /Subscribe Now/ }).click();
    const plans = fan.page.getByRole('dialog', { name: 'Select plan' });
    await plans.getByRole('radio', { name: 'Monthly, $7.50/month' }).waitFor();
    expect(fan.errors).toEqual([]);
  });
});

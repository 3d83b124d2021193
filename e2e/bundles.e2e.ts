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

describe('subscription bundles in a browser', () => {
  const browser = useBrowser();

  it('a creator offers 3 and 12 months on a phone; a fan picks 12 months with the keyboard and pays it once', async () => {
    const admin = await adminAccount(E2E_ADMIN_EMAIL);
    const handle = `bund${Date.now().toString(36)}`;
    const { account: creatorAccount, creator } = await approvedCreatorWithPictures(admin, {
      handle,
      displayName: 'Noor Bundles',
      avatar: '#16a34a',
      banner: '#f97316',
    });

    // The creator, on a phone, turns both bundles on in Edit profile; the price shows as typed.
    const owner = await openPage(browser(), { viewport: phone });
    await signInContext(owner.context, creatorAccount);
    await owner.page.goto(`/edit-profile/${creator.id}`);
    const twelve = owner.page.getByRole('switch', { name: 'Offer 12 months' });
    await twelve.focus();
    await owner.page.keyboard.press('Space');
    expect(await twelve.isChecked()).toBe(true);
    await owner.page.keyboard.press('Tab');
    await owner.page.keyboard.type('25');
    await owner.page.getByText('Fans pay $45.00 for 12 months instead of $60.00 · Save 25%').waitFor();
    await owner.page.getByRole('switch', { name: 'Offer 3 months' }).check();
    await owner.page.getByLabel('3-month discount (%)').fill('10');
    await owner.page.getByText('Fans pay $13.50 for 3 months instead of $15.00 · Save 10%').waitFor();
    expect(await fitsWidth(owner.page)).toBe(true);
    if (screenshots)
      await owner.page.screenshot({ path: `${screenshots}/bundles-settings-phone.png`, fullPage: true });
    await owner.page.getByRole('button', { name: 'Save', exact: true }).click();
    await owner.page
      .getByRole('dialog', { name: 'Save Changes?' })
      .getByRole('button', { name: 'Save' })
      .click();
    await owner.page.waitForURL((url) => url.pathname === `/public-profile/${handle}`);
    expect(owner.errors).toEqual([]);

    // The fan, on a phone: the banner lists the bundles, the dialog fits the screen and scrolls.
    const fanAccount = await createVerifiedAccount(undefined, { firstName: 'Ama', lastName: 'Owusu' });
    const fan = await openPage(browser(), { viewport: phone });
    await signInContext(fan.context, fanAccount);
    await fan.page.goto(`/public-profile/${handle}`);
    const bundles = fan.page.getByRole('list', { name: 'Bundles' });
    await bundles.getByText('12 Months $45').waitFor();
    expect(await bundles.getByRole('listitem').allTextContents()).toEqual([
      '3 Months $13.50 · Save 10%',
      '6 Months $24 · Save 20%',
      '12 Months $45 · Save 25%',
    ]);
    await fan.page.getByRole('button', { name: /Subscribe Now/ }).click();
    const dialog = fan.page.getByRole('dialog', { name: 'Select plan' });
    const monthly = dialog.getByRole('radio', { name: 'Monthly, $5/month' });
    await monthly.waitFor();
    expect(await dialog.getByRole('radio').count()).toBe(4);
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= phone.width).toBe(true);
    expect(box && box.y >= 0 && box.y + box.height <= phone.height).toBe(true);
    expect(await fitsWidth(fan.page)).toBe(true);

    // Arrow keys move through the plans and choose the one reached (held down until the plan is chosen,
    // as a person's key press is; Radix chooses a plan when focus arrives while an arrow key is down).
    await monthly.focus();
    for (const name of ['3 Months, $13.50/3 months', '6 Months, $24/6 months', '12 Months, $45/12 months']) {
      await fan.page.keyboard.down('ArrowDown');
      const radio = dialog.getByRole('radio', { name });
      await expect.poll(() => radio.getAttribute('aria-checked')).toBe('true');
      await fan.page.keyboard.up('ArrowDown');
    }
    const yearly = dialog.getByRole('radio', { name: '12 Months, $45/12 months' });
    expect(await yearly.evaluate((el) => el === document.activeElement)).toBe(true);
    await dialog.getByText('Save 25%').waitFor();
    await dialog.getByText(/Charged \$45 now for 12 months/).waitFor();
    if (screenshots) await fan.page.screenshot({ path: `${screenshots}/bundles-select-plan-phone.png` });
    // The Subscribe button is reached by the keyboard too (the dialog scrolls to it).
    const pay = dialog.getByRole('button', { name: 'Subscribe for $45' });
    for (let i = 0; i < 10 && !(await pay.evaluate((el) => el === document.activeElement)); i += 1)
      await fan.page.keyboard.press('Tab');
    expect(await pay.evaluate((el) => el === document.activeElement)).toBe(true);
    await fan.page.keyboard.press('Enter');

    await fan.page.waitForURL((url) => url.pathname.startsWith('/api/payments/sandbox/checkout/'));
    await fan.page.getByText('TEST MODE').waitFor();
    await fan.page.getByRole('button', { name: /^Pay .*45\.00$/ }).click();
    await fan.page.waitForURL((url) => url.pathname === `/public-profile/${handle}` && url.search === '');
    await fan.page
      .getByRole('region', { name: 'Your subscription' })
      .getByText(/Subscribed · 12 Months/)
      .waitFor();
    expect(fan.errors).toEqual([]);
  });
});

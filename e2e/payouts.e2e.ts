import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { CheckoutResponse } from '../common/schemas/fan-payments.ts';
import type { PayoutSettingsView } from '../common/schemas/payouts.ts';
import {
  adminAccount,
  apiAs,
  approvedCreatorWithPictures,
  createVerifiedAccount,
  signInContext,
} from './support/accounts.ts';
import { openPage, useBrowser, viewports } from './support/browser.ts';
import { useOwnServer } from './support/own-server.ts';
import { E2E_ADMIN_EMAIL } from './support/server.ts';

const screenshots = process.env.E2E_SCREENSHOTS;
/** A phone 390 px wide. */
const phone = { width: 390, height: 844 };

/** The sandbox's account numbers (6 to 15 digits) resolve to their holder 'SANDBOX ACCOUNT <last 4>'. */
const accountNumber = '0123456789';
const holder = 'SANDBOX ACCOUNT 6789';
/** The NGN rate the admin sets; $24.00 at it is ₦37,206.00. */
const rate = '1550.25';

const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]', { hasText: text }).first();

/** Before an element's screenshot: its top just below the sticky header, clear of the toasts at the foot. */
const underHeader = (locator: Locator) =>
  locator.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - 80));

/** True when the page is wider than the screen (it would scroll sideways). */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** The value under a wallet balance's label. */
const balance = (page: Page, label: string) =>
  page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

/** A fan tips the creator and pays on the sandbox's checkout page (as a phone), back on the profile. */
async function tipThroughSandbox(browser: Browser, handle: string) {
  const fanAccount = await createVerifiedAccount(undefined, { firstName: 'Ada', lastName: 'Okafor' });
  const checkout = await apiAs<CheckoutResponse>(fanAccount, 'POST', `/creators/${handle}/tips`, {
    amount: 3000,
    idempotencyKey: `e2e-payouts-${Date.now()}`,
  });
  const fan = await openPage(browser, { viewport: phone });
  await signInContext(fan.context, fanAccount);
  await fan.page.goto(checkout.authorization_url);
  await fan.page.getByText('TEST MODE').waitFor();
  await fan.page.getByRole('button', { name: /^Pay .*30\.00$/ }).click();
  await fan.page.waitForURL((url) => url.pathname === `/public-profile/${handle}`);
  await toast(fan.page, 'Tip sent').waitFor();
  expect(fan.errors).toEqual([]);
  await fan.context.close();
}

/**
 * This file's own server holds earnings for no days, so a fan's payment is available at once (the
 * shared server keeps the default hold of 7 days, and no test can wait that long). Transfers go
 * through the sandbox's simulated Paystack Transfers: paid after SANDBOX_TRANSFER_SECONDS (3).
 */
describe('creator payouts on a phone', () => {
  useOwnServer({ EARNINGS_HOLD_DAYS: '0' });
  const browser = useBrowser();

  it('a creator adds a Nigerian bank account and is paid in naira at the rate an admin set; the admin sees it paid and reconciled', async () => {
    const admin = await adminAccount(E2E_ADMIN_EMAIL);
    const handle = `chioma${Date.now().toString(36)}`;
    const { account: creatorAccount } = await approvedCreatorWithPictures(
      admin,
      { handle, displayName: 'Chioma Eze', avatar: '#16a34a', banner: '#facc15' },
      { firstName: 'Chioma', lastName: 'Eze' },
    );
    // $30.00 tipped: $24.00 for the creator after the 20% fee, available at once.
    await tipThroughSandbox(browser(), handle);

    // 1. The creator, on a phone, adds a bank account on /wallet/payouts.
    const creator = await openPage(browser(), { viewport: phone });
    await signInContext(creator.context, creatorAccount);
    await creator.page.goto('/wallet/payouts');
    await creator.page.getByRole('heading', { name: 'No payout account yet' }).waitFor();
    await creator.page.getByRole('heading', { name: 'No payouts yet' }).waitFor();
    await creator.page.getByRole('button', { name: 'Add account' }).click();
    const dialog = creator.page.getByRole('dialog', { name: 'Add a payout account' });
    await dialog.getByLabel('Country').selectOption({ label: 'Nigeria' });
    await dialog.getByText('Paid in NGN').waitFor();
    const bank = dialog.getByLabel('Bank', { exact: true });
    await bank.locator('option', { hasText: 'Guaranty Trust Bank' }).waitFor({ state: 'attached' });
    await bank.selectOption({ label: 'Guaranty Trust Bank' });
    await dialog.getByLabel('Account number').fill(accountNumber);
    await dialog.getByRole('button', { name: 'Check account' }).click();
    const checked = dialog.getByRole('status').filter({ hasText: 'Account holder:' });
    await checked.getByText(`Account holder: ${holder}`).waitFor();
    await checked.getByText('Guaranty Trust Bank •••• 6789').waitFor();
    expect(await scrollsSideways(creator.page)).toBe(false);
    if (screenshots)
      await creator.page.screenshot({ path: `${screenshots}/payout-account-checked-phone.png` });

    // The password field takes the focus; Enter confirms the account from the keyboard.
    const password = dialog.getByLabel('Current password', { exact: true });
    await expect.poll(() => password.evaluate((input) => input === document.activeElement)).toBe(true);
    await creator.page.keyboard.type(creatorAccount.password);
    await creator.page.keyboard.press('Enter');
    await toast(creator.page, 'Payout account added').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // The account, by its last four digits only, and automatic payouts held five days after the change.
    const account = creator.page.getByRole('region', { name: 'Payout account' });
    await account.getByText('Guaranty Trust Bank •••• 6789').waitFor();
    await account.getByText(holder, { exact: true }).waitFor();
    await account.getByText('Nigeria, paid in NGN').waitFor();
    expect(await creator.page.locator('main').textContent()).not.toContain(accountNumber);
    const settings = await apiAs<PayoutSettingsView>(creatorAccount, 'GET', '/payouts/settings');
    expect(settings.automaticHoldUntil).toEqual(expect.any(String));
    const holdUntil = Date.parse(settings.automaticHoldUntil ?? '');
    expect((holdUntil - Date.now()) / 86_400_000).toBeCloseTo(5, 2);
    const heldUntil = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(
      holdUntil,
    );
    const hold = creator.page.getByRole('note').filter({ hasText: 'automatic payouts are paused' });
    await hold.getByText(`paused until ${heldUntil} (5 days after a change)`, { exact: false }).waitFor();
    expect(await scrollsSideways(creator.page)).toBe(false);
    if (screenshots) {
      await creator.page.screenshot({ path: `${screenshots}/payout-account-phone.png` });
      await underHeader(account);
      await account.screenshot({ path: `${screenshots}/payout-account-section-phone.png` });
    }

    // 2. An admin sets the naira rate on /admin/payouts.
    const desk = await openPage(browser(), { viewport: viewports.desktop });
    await signInContext(desk.context, admin);
    await desk.page.goto('/admin/payouts');
    const ngn = desk.page.getByRole('form', { name: 'Set the NGN rate' });
    const ngnRow = desk.page.getByRole('row').filter({ has: ngn });
    await ngnRow.getByText('Not set: payouts paused').waitFor();
    await ngn.getByLabel('New NGN rate').fill(rate);
    await ngn.getByRole('button', { name: 'Save the NGN rate' }).click();
    await toast(desk.page, `The NGN rate is now ${rate} per US$1`).waitFor();
    await ngnRow.getByText('In force').waitFor();
    await ngnRow.getByRole('cell', { name: rate, exact: true }).waitFor();
    if (screenshots) await desk.page.screenshot({ path: `${screenshots}/admin-rates.png`, fullPage: true });

    // 3. The creator asks for a payout on the wallet: the quote in naira first, then Confirm.
    await creator.page.goto('/wallet');
    await balance(creator.page, 'Available').getByText('$24.00').waitFor();
    await creator.page.getByRole('button', { name: 'Request payout' }).click();
    const request = creator.page.getByRole('dialog', { name: 'Request a payout' });
    const amount = request.getByLabel('Amount (USD)');
    expect(await amount.inputValue()).toBe('24');
    await request.getByRole('button', { name: 'Review' }).click();
    const quote = request.getByRole('status').filter({ hasText: 'Taken from your balance' });
    await quote.getByText('$24.00', { exact: true }).waitFor();
    await quote.getByText(/You receive ₦37,206\.00 at ₦1,550\.25 per \$1 \(rate set /).waitFor();
    await quote.getByText(`To Guaranty Trust Bank •••• 6789 (${holder})`).waitFor();
    expect(await scrollsSideways(creator.page)).toBe(false);
    if (screenshots) await creator.page.screenshot({ path: `${screenshots}/payout-quote-phone.png` });

    // From the amount, Tab passes "Change amount" and reaches Confirm; Enter presses it.
    await amount.focus();
    await creator.page.keyboard.press('Tab');
    await creator.page.keyboard.press('Tab');
    const confirm = request.getByRole('button', { name: 'Confirm payout of $24.00' });
    await expect.poll(() => confirm.evaluate((button) => button === document.activeElement)).toBe(true);
    await creator.page.keyboard.press('Enter');
    await toast(creator.page, 'Payout requested').waitFor();
    await request.waitFor({ state: 'hidden' });
    await balance(creator.page, 'In payout').getByText('$24.00').waitFor();
    await balance(creator.page, 'Available').getByText('$0.00').waitFor();

    // On /wallet/payouts the payout is on its way, then paid once the sandbox's webhook came.
    await creator.page.getByRole('link', { name: 'See its progress' }).click();
    await creator.page.waitForURL((url) => url.pathname === '/wallet/payouts');
    const payouts = creator.page.getByRole('list', { name: 'Payouts' });
    const payout = payouts.getByRole('listitem').filter({ hasText: '$24.00' });
    await payout.getByText('₦37,206.00 at ₦1,550.25 per $1').waitFor();
    await payout.getByText(/^(Queued|On its way)$/).waitFor();
    await payout.getByText(/^Expected to arrive by /).waitFor();
    if (screenshots) {
      await underHeader(payouts);
      await payouts.screenshot({ path: `${screenshots}/payout-on-its-way-phone.png` });
    }
    await payout.getByText('Paid', { exact: true }).waitFor({ timeout: 15_000 });
    await payout.getByText(/^Paid \d{1,2} \w{3} \d{4}$/).waitFor();
    await payout.getByText('Guaranty Trust Bank •••• 6789').waitFor();
    const reference =
      (await payout.locator('dt', { hasText: 'Reference' }).locator('+ dd').textContent()) ?? '';
    expect(reference).toMatch(/^payout_[0-9a-f]{32}$/);
    expect(await scrollsSideways(creator.page)).toBe(false);
    if (screenshots) {
      await underHeader(payouts);
      await payouts.screenshot({ path: `${screenshots}/payout-paid-phone.png` });
    }
    await creator.page.goto('/wallet');
    await balance(creator.page, 'Paid out').getByText('$24.00').waitFor();
    await balance(creator.page, 'In payout').getByText('$0.00').waitFor();
    expect(await scrollsSideways(creator.page)).toBe(false);
    if (screenshots) await creator.page.screenshot({ path: `${screenshots}/wallet-paid-phone.png` });
    expect(creator.errors).toEqual([]);

    // 4. The admin finds it paid under its reference, and the reconciliation finds no difference.
    await desk.page.reload();
    const row = desk.page.getByRole('article', { name: '$24.00 to Chioma Eze' });
    await row.getByText(reference, { exact: true }).waitFor();
    await row.getByText('Paid', { exact: true }).waitFor();
    await row.getByText('₦37,206.00 to the account').waitFor();
    await row.getByText('Guaranty Trust Bank, ending 6789').waitFor();
    await desk.page.getByRole('radio', { name: 'Paid' }).click();
    await desk.page.getByRole('article', { name: '$24.00 to Chioma Eze' }).waitFor();
    const reconcile = desk.page.getByRole('region', { name: 'Reconciliation' });
    await reconcile.getByRole('button', { name: 'Run now' }).click();
    await toast(desk.page, 'Compared 1 payout: 0 differences').waitFor();
    await reconcile.getByText('No differences').waitFor();
    await reconcile.getByText('1 transfer payout', { exact: true }).waitFor();
    if (screenshots)
      await desk.page.screenshot({ path: `${screenshots}/admin-payout-paid.png`, fullPage: true });

    // The admin's page fits a phone too: the rates table turns into cards.
    await desk.page.setViewportSize(phone);
    await row.getByText(reference, { exact: true }).waitFor();
    expect(await scrollsSideways(desk.page)).toBe(false);
    if (screenshots) {
      await underHeader(row);
      await row.screenshot({ path: `${screenshots}/admin-payout-phone.png` });
      await desk.page
        .getByRole('region', { name: 'Exchange rates' })
        .screenshot({ path: `${screenshots}/admin-rates-phone.png` });
    }
    expect(desk.errors).toEqual([]);

    await desk.context.close();
    await creator.context.close();
  });
});

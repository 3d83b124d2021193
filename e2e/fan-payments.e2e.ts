import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PostView } from '../common/schemas/posts.ts';
import {
  type Account,
  adminAccount,
  approvedCreatorWithPictures,
  createVerifiedAccount,
  signInContext,
} from './support/accounts.ts';
import { baseUrl, openPage, useBrowser, viewports } from './support/browser.ts';
import { solidPng } from './support/fixtures.ts';
import { E2E_ADMIN_EMAIL } from './support/global-setup.ts';
import { postCard, publishWhenReady } from './support/posts.ts';

const screenshots = process.env.E2E_SCREENSHOTS;
/** A phone 390 px wide. */
const phone = { width: 390, height: 844 };

const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]', { hasText: text }).first();

async function _api<T>(account: Account, method: string, path: string, body?: object): Promise<T> {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${account.token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : null,
  });
  if (!response.ok) throw new Error(`${method} ${path} ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** One image through the resumable (tus) upload the Post Content page uses; answers its media id. */
async function uploadPostImage(account: Account, data: Buffer): Promise<string> {
  const tus = { 'tus-resumable': '1.0.0', authorization: `Bearer ${account.token}` };
  const created = await fetch(`${baseUrl()}/api/uploads`, {
    method: 'POST',
    headers: {
      ...tus,
      'upload-length': String(data.length),
      'upload-metadata': `filename ${Buffer.from('photo.png').toString('base64')},filetype ${Buffer.from('image/png').toString('base64')}`,
    },
  });
  if (created.status !== 201) throw new Error(`tus create ${created.status}: ${await created.text()}`);
  const location = created.headers.get('location') as string;
  const patched = await fetch(new URL(location, baseUrl()), {
    method: 'PATCH',
    headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    body: new Uint8Array(data),
  });
  if (patched.status !== 200) throw new Error(`tus patch ${patched.status}: ${await patched.text()}`);
  return ((await patched.json()) as { id: string }).id;
}

/** A locked photo post, published once its image is processed (the server refuses it before). */
async function lockedPhotoPost(
  creator: Account,
  handle: string,
  description: string,
  lock: { visibility: 'subscribers' } | { visibility: 'pay_per_view'; price: string },
  color: string,
): Promise<PostView> {
  const mediaId = await uploadPostImage(creator, await solidPng(640, 480, color));
  return publishWhenReady(creator, handle, description, mediaId, lock, 30_000);
}

/** The card of one post in the page's Posts tab. */
const card = postCard;

/** The sandbox's own checkout page: in test mode, showing what is paid for; Pay sends the browser back. */
async function payOnSandbox(page: Page, amount: RegExp) {
  await page.waitForURL((url) => url.pathname.startsWith('/api/payments/sandbox/checkout/'));
  await page.getByText('TEST MODE').waitFor();
  await page.getByRole('button', { name: amount }).click();
}

describe('fan payments in a browser', () => {
  const browser = useBrowser();

  it('a fan subscribes and unlocks on the sandbox checkout and sees the originals at once; the creator sees the subscriber and the pending earnings', async () => {
    const admin = await adminAccount(E2E_ADMIN_EMAIL);
    const handle = `mira${Date.now().toString(36)}`;
    const { account: creatorAccount } = await approvedCreatorWithPictures(
      admin,
      { handle, displayName: 'Mira Solace', avatar: '#7c3aed', banner: '#0ea5e9' },
      { firstName: 'Mira', lastName: 'Solace' },
    );
    const forSubscribers = 'Harbour lights for subscribers';
    const forSale = 'Night market, sold on its own';
    const subscribersPost = await lockedPhotoPost(
      creatorAccount,
      handle,
      forSubscribers,
      { visibility: 'subscribers' },
      '#f97316',
    );
    const salePost = await lockedPhotoPost(
      creatorAccount,
      handle,
      forSale,
      { visibility: 'pay_per_view', price: '2.50' },
      '#22c55e',
    );
    const originalOf = (post: PostView) => post.media?.urls.sources[0]?.url.split('?')[0] as string;

    // The fan sees both posts blurred and locked, with nothing of the originals in the page.
    const fanAccount = await createVerifiedAccount(undefined, { firstName: 'Kofi', lastName: 'Mensah' });
    const fan = await openPage(browser(), { viewport: viewports.desktop });
    await signInContext(fan.context, fanAccount);
    await fan.page.goto(`/public-profile/${handle}`);
    await fan.page.getByRole('tab', { name: /^Posts/ }).click();
    const subscribersCard = card(fan.page, forSubscribers);
    await subscribersCard.getByText('Locked', { exact: true }).waitFor();
    await card(fan.page, forSale).getByText('Locked', { exact: true }).waitFor();
    expect(await subscribersCard.locator('img.blur-xl').count()).toBe(1);
    const page = await fan.page.content();
    expect(page).not.toContain(originalOf(subscribersPost));
    expect(page).not.toContain(originalOf(salePost));
    if (screenshots) await fan.page.screenshot({ path: `${screenshots}/fan-locked.png` });

    // On a phone the plans fit the screen.
    await fan.page.setViewportSize(phone);
    await fan.page.getByRole('button', { name: /Subscribe Now/ }).click();
    const phonePlans = fan.page.getByRole('dialog', { name: 'Select plan' });
    await phonePlans.getByRole('button', { name: 'Subscribe for $5' }).waitFor();
    const box = await phonePlans.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= phone.width && box.y >= 0).toBe(true);
    if (screenshots) await fan.page.screenshot({ path: `${screenshots}/select-plan-phone.png` });
    await fan.page.keyboard.press('Escape');
    await phonePlans.waitFor({ state: 'hidden' });
    await fan.page.setViewportSize(viewports.desktop);

    // Subscribe Now -> Select plan (monthly and six months 'Save 20%') -> the sandbox checkout.
    await fan.page.getByRole('button', { name: /Subscribe Now.*\$5\/month/ }).click();
    const plans = fan.page.getByRole('dialog', { name: 'Select plan' });
    await plans.getByRole('radio', { name: '6 Months, $24/6 months' }).waitFor();
    await plans.getByText('Save 20%').waitFor();
    expect(await plans.getByRole('radio', { name: 'Monthly, $5/month' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    if (screenshots) await fan.page.screenshot({ path: `${screenshots}/select-plan.png` });
    await plans.getByRole('button', { name: 'Subscribe for $5' }).click();
    await payOnSandbox(fan.page, /^Pay .*5\.00$/);

    // Back on the profile: verified, the reference gone, and the subscribers' post shows without a reload.
    await fan.page.waitForURL((url) => url.pathname === `/public-profile/${handle}`);
    await toast(fan.page, /subscribed|verified/i).waitFor();
    await fan.page.waitForURL((url) => url.search === '');
    await fan.page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    await fan.page
      .getByRole('region', { name: 'Your subscription' })
      .getByText(/Subscribed · Monthly/)
      .waitFor();
    await fan.page.getByRole('tab', { name: /^Posts/ }).click();
    await expect.poll(() => subscribersCard.getByText('Locked', { exact: true }).count()).toBe(0);
    await subscribersCard.getByRole('button', { name: 'Open photo by Mira Solace' }).waitFor();
    // The sale post stays locked for a subscriber: it is sold on its own.
    const saleCard = card(fan.page, forSale);
    await saleCard.getByText('Locked', { exact: true }).waitFor();
    expect(await fan.page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    if (screenshots) await fan.page.screenshot({ path: `${screenshots}/fan-subscribed.png` });

    // Unlock the pay-per-view post on a phone: the card of the first payment is saved, so the app
    // asks in place ("Pay $2.50 with Visa •••• 4081") and pays in one tap, never leaving the page.
    await fan.page.setViewportSize(phone);
    await saleCard.getByRole('button', { name: 'Unlock' }).click();
    const unlock = fan.page.getByRole('dialog', { name: 'Unlock for $2.50' });
    await unlock.getByRole('button', { name: 'Pay $2.50' }).click();
    const oneTap = fan.page.getByRole('dialog', { name: 'Unlock this post' });
    await oneTap.getByText('Visa •••• 4081').waitFor();
    const oneTapBox = await oneTap.boundingBox();
    expect(oneTapBox && oneTapBox.x >= 0 && oneTapBox.x + oneTapBox.width <= phone.width).toBe(true);
    if (screenshots) await fan.page.screenshot({ path: `${screenshots}/one-tap-phone.png` });
    // The keyboard's first stop is the payment: Enter pays.
    await expect.poll(() => fan.page.evaluate(() => document.activeElement?.textContent)).toBe('Pay $2.50');
    await fan.page.keyboard.press('Enter');
    await toast(fan.page, /verified/i).waitFor();
    await oneTap.waitFor({ state: 'hidden' });
    await unlock.waitFor({ state: 'hidden' });
    expect(new URL(fan.page.url()).pathname).toBe(`/public-profile/${handle}`);
    expect(await fan.page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await fan.page.setViewportSize(viewports.desktop);
    await expect.poll(() => saleCard.getByText('Locked', { exact: true }).count()).toBe(0);
    await saleCard.getByRole('button', { name: 'Open photo by Mira Solace' }).waitFor();

    // The private profile's Purchased tab lists the bought post.
    await fan.page.goto('/private-profile');
    await fan.page.getByRole('tab', { name: 'Purchased (1)' }).waitFor();
    const purchased = fan.page.getByRole('feed', { name: 'Posts you purchased' });
    await purchased.getByRole('article').filter({ hasText: forSale }).waitFor();
    expect(await purchased.getByRole('article').count()).toBe(1);

    // The fan's own subscription and payments in Settings.
    await fan.page.goto('/settings?tab=payments&view=subscriptions');
    const mine = fan.page.getByRole('list', { name: 'Your subscriptions' });
    await mine.getByRole('link', { name: 'Mira Solace' }).waitFor();
    await mine.getByText('Active', { exact: true }).waitFor();
    await fan.page.getByRole('tab', { name: 'Transaction History' }).click();
    const payments = fan.page.getByRole('list', { name: 'Transactions' });
    await expect.poll(() => payments.getByRole('listitem').count()).toBe(2);
    await payments.getByText('−$5.00').waitFor();
    await payments.getByText('−$2.50').waitFor();
    if (screenshots) await fan.page.screenshot({ path: `${screenshots}/fan-transactions.png` });
    await fan.page.setViewportSize(phone);
    await payments.getByText('−$2.50').waitFor();
    expect(await fan.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(
      false,
    );
    if (screenshots) await fan.page.screenshot({ path: `${screenshots}/fan-transactions-phone.png` });
    await fan.page.setViewportSize(viewports.desktop);

    // The saved card, and removing it: the next payment goes through the checkout page again.
    const savedCard = fan.page.getByRole('region', { name: 'Saved card' });
    await savedCard.getByText('Visa •••• 4081').waitFor();
    await savedCard.getByRole('button', { name: 'Remove card' }).click();
    await savedCard.getByText(/No card saved/).waitFor();
    await toast(fan.page, /Card removed/).waitFor();
    expect(fan.errors).toEqual([]);

    // The creator: the subscriber in Settings > Payment & Subscription...
    const creator = await openPage(browser(), { viewport: viewports.desktop });
    await signInContext(creator.context, creatorAccount);
    await creator.page.goto('/settings?tab=payments');
    await creator.page.getByRole('tab', { name: 'Manage Subscriptions' }).click();
    const subscribers = creator.page.getByRole('list', { name: 'Subscribers' });
    const row = subscribers.getByRole('listitem').filter({ hasText: 'Kofi Mensah' });
    await row.waitFor();
    expect(await subscribers.textContent()).not.toContain(fanAccount.email);
    // The row says what is true: active, when it renews and what it will charge.
    await row
      .getByText(/^Active · renews .+ · \$5\.00$/)
      .locator('visible=true')
      .first()
      .waitFor();
    await row.getByText(/^Amount: \$5\.00$/).waitFor();
    if (screenshots) await creator.page.screenshot({ path: `${screenshots}/creator-subscribers.png` });

    // ...View Details: their name, never their email.
    await row.getByRole('button', { name: 'Actions for Kofi Mensah' }).click();
    await creator.page.getByRole('menuitem', { name: 'View Details' }).click();
    const details = creator.page.getByRole('dialog', { name: 'Kofi Mensah' });
    await details.getByText('Monthly').waitFor();
    await details.getByRole('button', { name: 'Close' }).first().click();
    await details.waitFor({ state: 'hidden' });

    // ...the earnings in Transaction History (after the 20% fee: $4.00 and $2.00)...
    await creator.page.getByRole('tab', { name: 'Transaction History' }).click();
    const earnings = creator.page.getByRole('list', { name: 'Transactions' });
    await earnings.getByText('+$4.00').waitFor();
    await earnings.getByText('+$2.00').waitFor();
    const earning = earnings.getByRole('listitem').filter({ hasText: '+$4.00' });
    await earning.getByRole('button', { name: /^Actions for transaction / }).click();
    await creator.page.getByRole('menuitem', { name: 'View Details' }).click();
    const receipt = creator.page.getByRole('dialog', { name: 'Transaction details' });
    await receipt.getByText('Platform fee').waitFor();
    await receipt.getByText('$1.00', { exact: true }).waitFor();
    await receipt.getByText('Kofi Mensah', { exact: true }).waitFor();
    expect(await receipt.textContent()).not.toContain(fanAccount.email);
    if (screenshots) await creator.page.screenshot({ path: `${screenshots}/transaction-details.png` });
    await creator.page.keyboard.press('Escape');
    await receipt.waitFor({ state: 'hidden' });

    // ...and in the Wallet, pending during the hold: nothing to pay out yet.
    await creator.page.goto('/wallet');
    await creator.page
      .getByRole('note')
      .getByText(/Payouts go to your bank account when you request them/)
      .waitFor();
    const pending = creator.page.locator('dt', { hasText: /^Pending$/ }).locator('..');
    await pending.getByText('$6.00').waitFor();
    const available = creator.page.locator('dt', { hasText: /^Available$/ }).locator('..');
    await available.getByText('$0.00').waitFor();
    expect(await creator.page.getByRole('button', { name: 'Request payout' }).isDisabled()).toBe(true);
    const history = creator.page.getByRole('list', { name: 'Earnings history' });
    await expect.poll(() => history.getByRole('listitem').count()).toBe(2);
    await history.getByText('+$4.00').waitFor();
    if (screenshots) await creator.page.screenshot({ path: `${screenshots}/wallet.png`, fullPage: true });

    // On a 390 px phone the subscribers are cards, and nothing scrolls sideways.
    await creator.page.setViewportSize(phone);
    await creator.page.goto('/settings?tab=payments&view=subscriptions');
    await subscribers.getByRole('listitem').first().waitFor();
    const overflow = await creator.page.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth,
    );
    expect(overflow).toBe(false);
    if (screenshots) await creator.page.screenshot({ path: `${screenshots}/subscribers-phone.png` });
    await creator.page.goto('/wallet');
    await pending.getByText('$6.00').waitFor();
    expect(await creator.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(
      false,
    );
    if (screenshots)
      await creator.page.screenshot({ path: `${screenshots}/wallet-phone.png`, fullPage: true });
    expect(creator.errors).toEqual([]);

    // The fan cancels: no renewal, access kept until the period ends.
    await fan.page.getByRole('tab', { name: 'Manage Subscriptions' }).click();
    await mine.getByRole('button', { name: 'Cancel subscription to Mira Solace' }).click();
    const confirm = fan.page.getByRole('alertdialog', { name: 'Cancel your subscription to Mira Solace?' });
    await confirm.getByRole('button', { name: 'Cancel subscription' }).click();
    await toast(fan.page, /keep access until the end of the period/).waitFor();
    await mine.getByText('Cancelled', { exact: true }).waitFor();
    await mine.getByText(/Access until .*; it will not renew/).waitFor();
    expect(await mine.getByRole('button', { name: /Cancel subscription/ }).count()).toBe(0);
    expect(fan.errors).toEqual([]);

    // The admin reaches Payouts from the account menu: nothing has been requested (earnings are on hold).
    const desk = await openPage(browser(), { viewport: viewports.desktop });
    await signInContext(desk.context, admin);
    await desk.page.goto('/');
    await desk.page.getByRole('button', { name: /^Account menu for/ }).click();
    await desk.page.getByRole('menuitem', { name: 'Payouts' }).click();
    await desk.page.getByRole('heading', { name: 'Payouts', level: 1 }).waitFor();
    expect(await desk.page.getByRole('radio', { name: 'All' }).getAttribute('aria-checked')).toBe('true');
    await desk.page
      .getByRole('heading', { name: 'No payouts yet' })
      .or(desk.page.getByRole('list', { name: 'Payouts' }))
      .waitFor();
    expect(desk.errors).toEqual([]);

    await desk.context.close();
    await fan.context.close();
    await creator.context.close();
  });
});

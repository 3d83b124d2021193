import { describe, expect, it } from 'vitest';
import type { PostView } from '../common/schemas/posts.ts';
import {
  adminAccount,
  apiAs,
  approvedCreatorWithPictures,
  createVerifiedAccount,
  signInContext,
} from './support/accounts.ts';
import { openPage, useBrowser, viewports } from './support/browser.ts';
import { E2E_ADMIN_EMAIL } from './support/global-setup.ts';

const screenshots = process.env.E2E_SCREENSHOTS;
const phone = { width: 390, height: 844 };

describe('free trials in a browser', () => {
  const browser = useBrowser();

  it('a creator makes a trial link; a fan opens it on a phone and is subscribed without paying', async () => {
    const admin = await adminAccount(E2E_ADMIN_EMAIL);
    const handle = `tova${Date.now().toString(36)}`;
    const { account: creatorAccount } = await approvedCreatorWithPictures(
      admin,
      { handle, displayName: 'Tova Lindqvist', avatar: '#15803d', banner: '#7e22ce' },
      { firstName: 'Tova', lastName: 'Lindqvist' },
    );
    const post = await apiAs<PostView>(creatorAccount, 'POST', '/posts', {
      description: 'Behind the scenes, for subscribers',
      youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ',
      visibility: 'subscribers',
    });

    // The creator makes a 7-day trial link on Trials and promotions.
    const creator = await openPage(browser(), { viewport: viewports.desktop });
    await signInContext(creator.context, creatorAccount);
    await creator.page.goto('/offers');
    await creator.page.getByRole('heading', { name: 'Trials and promotions', level: 1 }).waitFor();
    await creator.page.getByLabel('Free days').fill('45');
    await creator.page.getByRole('button', { name: 'Make trial link' }).click();
    await creator.page.getByRole('alert').getByText('A trial lasts from 1 to 30 days').waitFor();
    await creator.page.getByLabel('Free days').fill('7');
    await creator.page.getByRole('button', { name: 'Make trial link' }).click();
    const offers = creator.page.getByRole('list', { name: 'Your offers' });
    await offers.getByText('Free trial, 7 days').waitFor();
    const link = (await offers.locator('code').first().textContent()) ?? '';
    expect(link).toMatch(new RegExp(`/public-profile/${handle}\\?offer=`));
    if (screenshots) await creator.page.screenshot({ path: `${screenshots}/offers-page.png` });

    // A fan opens the link on a phone: the offer above the Subscribe banner.
    const fanAccount = await createVerifiedAccount(undefined, { firstName: 'Iris', lastName: 'Fan' });
    const fan = await openPage(browser(), { viewport: phone });
    await signInContext(fan.context, fanAccount);
    await fan.page.goto(new URL(link).pathname + new URL(link).search);
    const offer = fan.page.getByRole('region', { name: 'Offer' });
    await offer.getByText('Free for 7 days').waitFor();
    expect((await apiAs<PostView>(fanAccount, 'GET', `/posts/${post.id}`)).locked).toBe(true);
    await offer.getByRole('button', { name: 'Start free trial' }).click();
    const dialog = fan.page.getByRole('dialog', { name: 'Free trial with Tova Lindqvist' });
    // No card saved yet: renewing cannot be chosen, and the dialog says the trial will simply end.
    await dialog
      .getByText('You have no saved card yet, so the trial will simply end.', { exact: false })
      .waitFor();
    expect(await dialog.getByRole('checkbox').isDisabled()).toBe(true);
    if (screenshots) await fan.page.screenshot({ path: `${screenshots}/offer-trial-dialog-phone.png` });
    await dialog.getByRole('button', { name: 'Start free trial' }).click();
    await fan.page
      .locator('[data-sonner-toast]', { hasText: 'Your free trial has started: 7 days' })
      .first()
      .waitFor();
    await offer.getByText('You already claimed this offer').waitFor();

    // Subscribed, and nothing was paid.
    expect((await apiAs<PostView>(fanAccount, 'GET', `/posts/${post.id}`)).locked).toBe(false);
    const paid = await apiAs<{ items: unknown[] }>(fanAccount, 'GET', '/me/transactions');
    expect(paid.items).toEqual([]);

    // The creator sees the claim.
    await creator.page.reload();
    await expect.poll(async () => offers.locator('dd').first().textContent(), { timeout: 10_000 }).toBe('1');
    await fan.context.close();
    await creator.context.close();
  });

  it('a fan who opens a trial link and uses Subscribe Now gets the trial there too: no payment page, nothing charged', async () => {
    const admin = await adminAccount(E2E_ADMIN_EMAIL);
    const handle = `ines${Date.now().toString(36)}`;
    const { account: creatorAccount } = await approvedCreatorWithPictures(
      admin,
      { handle, displayName: 'Ines Okafor', avatar: '#0e7490', banner: '#be123c' },
      { firstName: 'Ines', lastName: 'Okafor' },
    );
    const post = await apiAs<PostView>(creatorAccount, 'POST', '/posts', {
      description: 'Studio notes, for subscribers',
      youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ',
      visibility: 'subscribers',
    });
    const trial = await apiAs<{ code: string }>(creatorAccount, 'POST', '/creators/me/offers', {
      kind: 'trial',
      trialDays: 7,
    });

    const fanAccount = await createVerifiedAccount(undefined, { firstName: 'Ola', lastName: 'Fan' });
    const fan = await openPage(browser(), { viewport: phone });
    await signInContext(fan.context, fanAccount);
    // Every page the phone goes to: a payment page must not be one of them.
    const visited: string[] = [];
    fan.page.on('framenavigated', (frame) => {
      if (frame === fan.page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await fan.page.goto(`/public-profile/${handle}?offer=${trial.code}`);

    // Not the trial card: the big Subscribe Now button says the trial, and so does the line below it.
    const subscribeNow = fan.page.getByRole('button', { name: /Subscribe Now/ });
    await subscribeNow.getByText('Free for 7 days').waitFor();
    const note = fan.page.getByText(
      'Free for 7 days with this link, then $5/month if you choose to renew. Nothing is charged now.',
    );
    await note.waitFor();
    if (screenshots) {
      await note.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await fan.page.screenshot({ path: `${screenshots}/offer-trial-banner-phone.png` });
    }
    await subscribeNow.click();
    const dialog = fan.page.getByRole('dialog', { name: 'Select plan' });
    const monthly = dialog.getByRole('radio', { name: 'Monthly, Free for 7 days, then $5/month' });
    await monthly.waitFor();
    expect(await monthly.getAttribute('aria-checked')).toBe('true');
    await dialog
      .getByText('Free trial with this link: 7 days of all posts and media, with no charge now.')
      .waitFor();
    await dialog
      .getByText('You have no saved card yet, so the trial will simply end.', { exact: false })
      .waitFor();
    const overflow = await fan.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    if (screenshots)
      await fan.page.screenshot({ path: `${screenshots}/offer-trial-subscribe-now-phone.png` });
    await dialog.getByRole('button', { name: 'Start free trial' }).click();
    await fan.page
      .locator('[data-sonner-toast]', { hasText: 'Your free trial has started: 7 days' })
      .first()
      .waitFor();
    // Subscribed as a trial on this very page: it will not renew, as no card is saved.
    const mine = fan.page.getByRole('region', { name: 'Your subscription' });
    await mine.getByText('it will not renew', { exact: false }).waitFor();
    await fan.page
      .getByRole('region', { name: 'Offer' })
      .getByText('You already claimed this offer')
      .waitFor();
    expect(visited.filter((path) => path !== `/public-profile/${handle}`)).toEqual([]);

    // The trial unlocked the post, nothing was paid, and the creator sees one claim.
    expect((await apiAs<PostView>(fanAccount, 'GET', `/posts/${post.id}`)).locked).toBe(false);
    const paid = await apiAs<{ items: unknown[] }>(fanAccount, 'GET', '/me/transactions');
    expect(paid.items).toEqual([]);
    const offers = await apiAs<{ items: { claims: number }[] }>(creatorAccount, 'GET', '/creators/me/offers');
    expect(offers.items[0]?.claims).toBe(1);
    expect(fan.errors).toEqual([]);
    await fan.context.close();
  });

  it('a promotion link shows its price on the Subscribe banner and in Select plan; the fan pays only that', async () => {
    const admin = await adminAccount(E2E_ADMIN_EMAIL);
    const handle = `pia${Date.now().toString(36)}`;
    const { account: creatorAccount } = await approvedCreatorWithPictures(
      admin,
      { handle, displayName: 'Pia Moreau', avatar: '#b45309', banner: '#1d4ed8' },
      { firstName: 'Pia', lastName: 'Moreau' },
    );
    const promo = await apiAs<{ code: string }>(creatorAccount, 'POST', '/creators/me/offers', {
      kind: 'promotion',
      discountPercent: 40,
      audience: 'new',
    });
    const fanAccount = await createVerifiedAccount(undefined, { firstName: 'Noor', lastName: 'Fan' });
    const fan = await openPage(browser(), { viewport: viewports.desktop });
    await signInContext(fan.context, fanAccount);
    await fan.page.goto(`/public-profile/${handle}?offer=${promo.code}`);
    // $5 a month, 40% off the first month: $3.
    await fan.page.getByRole('region', { name: 'Offer' }).getByText('40% off your first month').waitFor();
    await fan.page.getByText('With this link: 40% off your first payment ($3 for the first month)').waitFor();
    await fan.page.getByRole('button', { name: /Subscribe Now/ }).click();
    const dialog = fan.page.getByRole('dialog', { name: 'Select plan' });
    await dialog.getByRole('radio', { name: 'Monthly, $3 first month, then $5/month' }).waitFor();
    if (screenshots) await fan.page.screenshot({ path: `${screenshots}/offer-promotion-dialog.png` });
    await dialog.getByRole('button', { name: 'Subscribe for $3' }).click();
    await fan.page.waitForURL((url) => url.pathname.startsWith('/api/payments/sandbox/checkout/'));
    await fan.page.getByRole('button', { name: /^Pay .*3\.00$/ }).click();
    await fan.page.waitForURL(
      (url) => url.pathname === `/public-profile/${handle}` && !url.searchParams.has('reference'),
    );
    const paid = await apiAs<{ items: { amount: { amount: number } }[] }>(
      fanAccount,
      'GET',
      '/me/transactions',
    );
    expect(paid.items.map((item) => item.amount.amount)).toEqual([300]);
    const offers = await apiAs<{ items: { claims: number }[] }>(creatorAccount, 'GET', '/creators/me/offers');
    expect(offers.items[0]?.claims).toBe(1);
    await fan.context.close();
  });
});

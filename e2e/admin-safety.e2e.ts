import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safetyMessages } from '../common/schemas/safety.ts';
import {
  type Account,
  adminAccount,
  approvedCreator,
  createVerifiedAccount,
  signInContext,
  uniqueEmail,
} from './support/accounts.ts';
import { baseUrl, launchBrowser, openPage, viewports } from './support/browser.ts';
import { identityPdf, solidPng } from './support/fixtures.ts';
import { E2E_ADMIN_EMAIL } from './support/global-setup.ts';
import { waitForMail } from './support/mail.ts';

const phone = { width: 390, height: 844 };
const shots = process.env.E2E_SCREENSHOTS;

/** Console errors other than Chromium's line for a 4xx answer the test provoked on purpose. */
const unexpected = (errors: string[]) =>
  errors.filter(
    (error) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(error),
  );

async function shot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

async function creatorNamed(admin: Account, displayName: string) {
  const handle = `${displayName.split(' ')[0]?.toLowerCase()}_${Date.now().toString(36)}`;
  return approvedCreator(admin, {
    handle,
    displayName,
    images: { avatar: await solidPng(300, 300, '#d35400'), banner: await solidPng(1200, 1200, '#34495e') },
    pdf: identityPdf,
  });
}

describe('moderation, blocking and support in a browser', () => {
  let browser: Browser;
  let admin: Account;
  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await adminAccount(E2E_ADMIN_EMAIL);
  });
  afterAll(async () => {
    await browser.close();
  });

  it('a user reports a profile; the admin suspends the account and resolves the report; the owner cannot sign in', async () => {
    const { account: owner, creator } = await creatorNamed(admin, 'Rex Reported');
    const reporterAccount = await createVerifiedAccount();
    const reporter = await openPage(browser, { viewport: viewports.desktop });
    await signInContext(reporter.context, reporterAccount);
    await reporter.page.goto(`/public-profile/${creator.handle}`);
    await reporter.page.getByRole('heading', { name: 'Rex Reported' }).waitFor();
    await reporter.page.getByRole('button', { name: 'More options for Rex Reported' }).click();
    await reporter.page.getByRole('menuitem', { name: 'Report profile' }).click();
    const dialog = reporter.page.getByRole('dialog', { name: 'Report this profile' });
    await dialog.getByRole('radio', { name: 'Pretending to be someone else' }).check();
    await dialog.getByLabel('Details (optional)').fill('Uses photos of a famous photographer.');
    await shot(reporter.page, 'report-dialog-desktop');
    await dialog.getByRole('button', { name: 'Report' }).click();
    await reporter.page.getByText(safetyMessages.reported).waitFor();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(unexpected(reporter.errors)).toEqual([]);

    // The admin finds Reports in the account menu.
    const moderator = await openPage(browser, { viewport: viewports.desktop });
    await signInContext(moderator.context, admin);
    const { page } = moderator;
    await page.goto('/');
    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Reports' }).click();
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/reports');
    const card = page.getByRole('article').filter({ hasText: `Rex Reported (@${creator.handle})` });
    await card.getByText('Uses photos of a famous photographer.').waitFor();
    await card.getByText(reporterAccount.email).waitFor();
    await card.getByText('Today').waitFor();
    await shot(page, 'admin-reports-desktop');

    await card.getByRole('button', { name: 'Suspend account' }).click();
    const resolve = page.getByRole('dialog', { name: 'Resolve this report' });
    expect(await resolve.getByRole('checkbox', { name: /Suspend .* account/ }).isChecked()).toBe(true);
    await resolve.getByLabel('Resolution').fill('Impersonation confirmed; account suspended.');
    await resolve.getByRole('button', { name: 'Resolve report' }).click();
    await page.getByText('Report resolved').waitFor();
    await expect.poll(() => card.count()).toBe(0);

    await page.getByRole('radio', { name: 'Resolved' }).click();
    const resolved = page.getByRole('article').filter({ hasText: `Rex Reported (@${creator.handle})` });
    await resolved.getByText('Impersonation confirmed; account suspended.').waitFor();
    await resolved.getByText('Suspended', { exact: true }).waitFor();
    expect(unexpected(moderator.errors)).toEqual([]);

    // The suspended creator is turned away at sign-in with the spec's message.
    const suspended = await openPage(browser, { viewport: phone });
    await suspended.page.goto('/login');
    await suspended.page.getByLabel('Email').fill(owner.email);
    await suspended.page.getByLabel('Password', { exact: true }).fill(owner.password);
    await suspended.page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await suspended.page.getByText(safetyMessages.suspended).first().waitFor();
    expect(new URL(suspended.page.url()).pathname).toBe('/login');
    expect(unexpected(suspended.errors)).toEqual([]);

    await Promise.all([reporter.context.close(), moderator.context.close(), suspended.context.close()]);
  });

  it('a fan blocks a creator from the profile, after which the page says so, with Unblock', async () => {
    const { creator } = await creatorNamed(admin, 'Bea Blocked');
    const fanAccount = await createVerifiedAccount();
    const fan = await openPage(browser, { viewport: phone });
    await signInContext(fan.context, fanAccount);
    await fan.page.goto(`/public-profile/${creator.handle}`);
    await fan.page.getByRole('heading', { name: 'Bea Blocked' }).waitFor();
    await shot(fan.page, 'profile-with-menu-phone');
    await fan.page.getByRole('button', { name: 'More options for Bea Blocked' }).click();
    await fan.page.getByRole('menuitem', { name: 'Block Bea Blocked' }).click();
    const dialog = fan.page.getByRole('dialog', { name: 'Block Bea Blocked?' });
    await shot(fan.page, 'block-dialog-phone');
    await dialog.getByRole('button', { name: 'Block' }).click();
    await fan.page.getByText(safetyMessages.blocked).waitFor();
    await fan.page.getByRole('heading', { name: 'You blocked Bea Blocked' }).waitFor();
    await fan.page.reload();
    await fan.page.getByRole('heading', { name: 'You blocked Bea Blocked' }).waitFor();
    expect(await fan.page.getByRole('heading', { name: 'Bea Blocked', exact: true }).count()).toBe(0);
    expect(await fan.page.getByRole('heading', { name: 'Creator not found' }).count()).toBe(0);
    await shot(fan.page, 'blocked-profile-phone');
    // The way back is right there.
    await fan.page.getByRole('button', { name: 'Unblock' }).click();
    await fan.page.getByRole('heading', { name: 'Bea Blocked', exact: true }).waitFor();
    expect(unexpected(fan.errors)).toEqual([]);

    // Others still see the page.
    const visitor = await openPage(browser, { viewport: viewports.desktop });
    await visitor.page.goto(`/public-profile/${creator.handle}`);
    await visitor.page.getByRole('heading', { name: 'Bea Blocked' }).waitFor();
    await Promise.all([fan.context.close(), visitor.context.close()]);
  });

  it('a support request appears for the admin, who replies by email and closes it', async () => {
    const email = uniqueEmail('support');
    const subject = `Payout missing ${Date.now().toString(36)}`;
    const sent = await fetch(`${baseUrl()}/api/support`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Sam Sender',
        email,
        category: 'billing',
        subject,
        message: 'My payout from last week has not arrived.',
      }),
    });
    expect(sent.status).toBe(201);
    const receipt = await waitForMail(email, /^We received your message/);
    expect(receipt.text).toContain('within 24 hours');

    const moderator = await openPage(browser, { viewport: phone });
    await signInContext(moderator.context, admin);
    const { page } = moderator;
    await page.goto('/admin/support');
    const row = page.getByRole('article', { name: subject });
    await row.getByText(/Sam Sender/).waitFor();
    await shot(page, 'admin-support-phone');
    await row.getByRole('link', { name: subject }).click();
    await page.getByRole('heading', { name: subject, level: 1 }).waitFor();
    await page.getByText('My payout from last week has not arrived.').waitFor();

    await page.getByLabel('Reply to Sam Sender').fill('It was sent today; allow two working days.');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await page.getByText(`Reply sent to ${email}`).waitFor();
    const thread = page.getByRole('list', { name: 'Conversation' });
    await thread.getByText('It was sent today; allow two working days.').waitFor();
    const reply = await waitForMail(email, new RegExp(`^Re: ${subject}`));
    expect(reply.text).toContain('It was sent today; allow two working days.');
    await shot(page, 'admin-ticket-phone');

    await page.getByRole('button', { name: 'Close request' }).click();
    await page.getByText('This request is closed; it takes no more replies.').waitFor();
    await page.getByRole('link', { name: 'All support requests' }).click();
    await page.getByRole('heading', { name: 'Support requests', level: 1 }).waitFor();
    await expect.poll(() => page.getByRole('article', { name: subject }).count()).toBe(0);
    await page.getByRole('radio', { name: 'Closed' }).click();
    await page.getByRole('article', { name: subject }).waitFor();
    expect(unexpected(moderator.errors)).toEqual([]);
    await moderator.context.close();
  });
});

import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzip } from '../server/test/unzip.ts';
import { type Account, createVerifiedAccount, signInContext, uniqueEmail } from './support/accounts.ts';
import { baseUrl, launchBrowser, openPage, viewports } from './support/browser.ts';
import { waitForMail } from './support/mail.ts';

/** A phone 390 px wide (the width the settings layout is checked at). */
const phone = { width: 390, height: 844 };

/** Console errors other than Chromium's line for a 4xx answer a test provoked on purpose. */
const unexpected = (errors: string[]) =>
  errors.filter(
    (error) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(error),
  );

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text }).first();

async function api(method: string, path: string, token?: string, body?: object): Promise<Response> {
  return fetch(`${baseUrl()}/api${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : null,
  });
}

async function signInApi(email: string, password: string): Promise<Response> {
  return api('POST', '/auth/signin', undefined, { email, password });
}

async function block(me: Account, other: Account): Promise<void> {
  const response = await api('POST', '/me/blocks', me.token, { userId: other.user.id });
  if (response.status !== 200) throw new Error(`block ${response.status}: ${await response.text()}`);
}

async function blockedIds(me: Account): Promise<string[]> {
  const response = await api('GET', '/me/blocks', me.token);
  return ((await response.json()) as { items: { id: string }[] }).items.map((item) => item.id);
}

async function conversationIds(me: Account): Promise<string[]> {
  const response = await api('GET', '/conversations', me.token);
  return ((await response.json()) as { items: { id: string }[] }).items.map((item) => item.id);
}

describe('settings in a browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('Account: shows the account, changes the password (the other session ends) and the email (with the mailed code)', async () => {
    const account = await createVerifiedAccount(uniqueEmail('settings'), {
      firstName: 'Iris',
      lastName: 'Moss',
    });
    const other = await signInApi(account.email, account.password);
    const otherToken = ((await other.json()) as { token: string }).token;
    const newPassword = 'copper-meadow-8830';

    const { page, context, errors } = await openPage(browser);
    await signInContext(context, account);
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Account', selected: true }).waitFor();

    const info = page.getByRole('region', { name: 'Personal Info' });
    expect(await info.getByLabel('Email').inputValue()).toBe(account.email);
    expect(await info.getByLabel('Email').getAttribute('readonly')).not.toBeNull();
    expect(await info.getByLabel('Date joined').inputValue()).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);

    // Two sessions: this browser (marked) and the one signed in through the API.
    const devices = page.getByRole('list', { name: 'Signed-in devices' });
    await expect.poll(() => devices.getByRole('listitem').count()).toBe(2);
    await devices.getByText('This device').waitFor();
    await page.screenshot({ path: '/tmp/fp-settings-account-desktop.png', fullPage: true });

    const section = page.getByRole('region', { name: 'Change Password' });
    await section.getByLabel('Current password', { exact: true }).fill(account.password);
    await section.getByLabel('New password', { exact: true }).fill(newPassword);
    await section.getByLabel('Confirm password', { exact: true }).fill('copper-meadow-0000');
    await section.getByRole('button', { name: 'Update Password' }).click();
    await section.getByText('Passwords do not match').waitFor();

    await section.getByLabel('Confirm password', { exact: true }).fill(newPassword);
    await section.getByRole('button', { name: 'Update Password' }).click();
    await toast(page, 'Password changed successfully').waitFor();
    await section.getByText(/Your other devices were signed out/).waitFor();

    // The other session ends at once; this one keeps working; only the new password signs in.
    expect((await api('GET', '/auth/profile', otherToken)).status).toBe(401);
    await expect.poll(() => devices.getByRole('listitem').count()).toBe(1);
    await page.reload();
    await page.getByRole('region', { name: 'Personal Info' }).waitFor();
    expect((await signInApi(account.email, account.password)).status).toBe(401);
    expect((await signInApi(account.email, newPassword)).status).toBe(200);

    // Change the email: the current password, then the code mailed to the new address.
    const newEmail = uniqueEmail('moved');
    const emailSection = page.getByRole('region', { name: 'Change Email' });
    await emailSection.getByLabel('New email').fill(newEmail);
    await emailSection.getByLabel('Current password', { exact: true }).fill(newPassword);
    await emailSection.getByRole('button', { name: 'Send code' }).click();
    await toast(page, 'We sent a code to your new email address').waitFor();
    await emailSection.getByText(newEmail).waitFor();
    // Nothing changes before the code: a reload still shows the old address and the waiting change.
    await page.reload();
    await emailSection.getByText(newEmail).waitFor();
    expect(await info.getByLabel('Email').inputValue()).toBe(account.email);

    const mail = await waitForMail(newEmail, /is your Fanplace verification code/);
    const code = /\b(\d{6})\b/.exec(mail.subject)?.[1] ?? '';
    await emailSection.getByLabel('Verification code').fill(code);
    await emailSection.getByRole('button', { name: 'Confirm email' }).click();
    await toast(page, 'Your email address was changed').waitFor();
    await expect.poll(() => info.getByLabel('Email').inputValue()).toBe(newEmail);
    await waitForMail(account.email, /email address of your Fanplace account was changed/);
    expect((await signInApi(newEmail, newPassword)).status).toBe(200);
    expect((await signInApi(account.email, newPassword)).status).toBe(401);

    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('Privacy & Safety: searches blocked users, unblocks, deletes a user and downloads my data', async () => {
    const me = await createVerifiedAccount(uniqueEmail('blocker'));
    const alpha = await createVerifiedAccount(uniqueEmail('alpha'), { firstName: 'Alma', lastName: 'Reyes' });
    const beta = await createVerifiedAccount(uniqueEmail('beta'), { firstName: 'Bo', lastName: 'Lind' });

    // Beta wrote to me before I blocked them: Delete User hides that conversation from me.
    const opened = await api('POST', '/conversations', beta.token, { userId: me.user.id });
    const conversation = (await opened.json()) as { id: string };
    await api('POST', `/conversations/${conversation.id}/messages`, beta.token, { text: 'Hello there' });
    await block(me, alpha);
    await block(me, beta);
    expect(await conversationIds(me)).toContain(conversation.id);

    const { page, context, errors } = await openPage(browser, { viewport: phone });
    await signInContext(context, me);
    await page.goto('/settings?tab=privacy-safety');
    // Exact: the loading skeleton is a list named 'Loading blocked users'.
    const list = page.getByRole('list', { name: 'Blocked users', exact: true });
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 10_000 }).toBe(2);
    await page.screenshot({ path: '/tmp/fp-settings-privacy-phone.png', fullPage: true });

    // Search by name; nobody's email is on the page.
    expect(await list.textContent()).not.toContain('@example.com');
    const search = page.getByRole('searchbox', { name: 'Search blocked users by name or handle' });
    await search.fill('reyes');
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
    await list.getByText('Alma Reyes').waitFor();
    await search.fill('nobody-matches-this');
    await page.getByRole('heading', { name: 'No matches' }).waitFor();
    await search.fill('');
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2);

    // Unblock, with the dialog (from the keyboard: Enter opens the menu).
    await page.getByRole('button', { name: 'Actions for Alma Reyes' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Unblock' }).click();
    const unblock = page.getByRole('dialog', { name: 'Unblock Alma Reyes?' });
    await unblock.getByRole('button', { name: 'Unblock' }).click();
    await toast(page, 'User unblocked').waitFor();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
    expect(await blockedIds(me)).toEqual([beta.user.id]);

    // Delete User: explained, confirmed, and the conversation is gone from my side.
    await page.getByRole('button', { name: 'Actions for Bo Lind' }).click();
    await page.getByRole('menuitem', { name: 'Delete User' }).click();
    const remove = page.getByRole('dialog', { name: 'Delete Bo Lind?' });
    // I have no creator page: only what applies to me, the hidden conversation, is named.
    await remove.getByText(/your conversation with them is hidden/).waitFor();
    expect(await remove.getByText(/followers|subscription/).count()).toBe(0);
    await page.screenshot({ path: '/tmp/fp-settings-delete-user-phone.png' });
    await remove.getByRole('button', { name: 'Delete User' }).click();
    await toast(page, 'User removed from your messages').waitFor();
    expect(await conversationIds(me)).not.toContain(conversation.id);

    // Download my data: asked for, prepared by a job, then a zip with data.json about me.
    await page.getByRole('button', { name: 'Request my data' }).click();
    await page.getByRole('button', { name: 'Preparing your data…' }).waitFor();
    const downloadButton = page.getByRole('button', { name: /^Download \(/ });
    await downloadButton.waitFor({ timeout: 60_000 });
    await page.getByText(/^Ready: .+, available until /).waitFor();
    await downloadButton.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/fp-settings-your-data-ready-phone.png' });
    const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    const path = await download.path();
    const files = await unzip(await readFile(path));
    const data = JSON.parse(files.get('data.json')?.toString('utf8') ?? '{}') as Record<string, unknown>;
    expect(JSON.stringify(data)).toContain(me.email);
    await page.getByText('Your archive was downloaded.').waitFor();

    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('Privacy & Safety: deleting the account signs out, and the old credentials no longer sign in', async () => {
    const account = await createVerifiedAccount(uniqueEmail('leaving'));
    const { page, context, errors } = await openPage(browser);
    await signInContext(context, account);
    await page.goto('/settings?tab=privacy-safety');
    await page.getByRole('heading', { name: 'You have not blocked anyone' }).waitFor();
    await page.screenshot({ path: '/tmp/fp-settings-privacy-desktop.png', fullPage: true });

    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Password', { exact: true }).fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText('Current password is incorrect').waitFor();
    await page.screenshot({ path: '/tmp/fp-settings-delete-account-desktop.png' });

    await dialog.getByLabel('Password', { exact: true }).fill(account.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await toast(page, 'Your account was deleted').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).waitFor();

    expect((await api('GET', '/auth/profile', account.token)).status).toBe(401);
    expect((await signInApi(account.email, account.password)).status).toBe(401);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('Support: shows what is missing, then sends the request', async () => {
    const account = await createVerifiedAccount(uniqueEmail('helpme'), {
      firstName: 'Noor',
      lastName: 'Haddad',
    });
    const { page, context, errors } = await openPage(browser, { viewport: phone });
    await signInContext(context, account);
    await page.goto('/settings?tab=support');
    const form = page.getByRole('region', { name: 'Contact Support' });
    expect(await form.getByLabel('Name').inputValue()).toBe('Noor Haddad');
    expect(await form.getByLabel('Email').inputValue()).toBe(account.email);

    await form.getByLabel('Email').fill('noor-at-example');
    await form.getByRole('button', { name: 'Send Message' }).click();
    for (const message of [
      'Invalid email address',
      'Category is required',
      'Subject is required',
      'Message is required',
    ]) {
      await form.getByText(message).waitFor();
    }
    await page.screenshot({ path: '/tmp/fp-settings-support-phone.png', fullPage: true });

    await form.getByLabel('Email').fill(account.email);
    await form.getByLabel('Category').selectOption('account');
    await form.getByLabel('Subject').fill('Cannot change my avatar');
    await form.getByLabel('Message').fill('The upload stops at 90% every time.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await form.getByText('Message Sent!').waitFor();
    await form.getByText(/We reply within 24 hours/).waitFor();
    await page.screenshot({ path: '/tmp/fp-settings-support-sent-phone.png' });
    const receipt = await waitForMail(account.email, /We received your message: Cannot change my avatar/);
    expect(receipt.text).toContain('within 24 hours');
    expect(receipt.text).toContain('The upload stops at 90% every time.');

    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('lays the tabs out on a phone without horizontal scrolling of the page', async () => {
    const account = await createVerifiedAccount(uniqueEmail('phone'));
    const { page, context, errors } = await openPage(browser, { viewport: viewports.mobile });
    await signInContext(context, account);
    await page.goto('/settings');
    await page.getByRole('region', { name: 'Change Password' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: '/tmp/fp-settings-account-phone.png', fullPage: true });
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });
});

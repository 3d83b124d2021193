import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, openPage, viewports } from './support/browser.ts';
import { mailCount, waitForMail } from './support/mail.ts';

/** Between the phone layout and the 'More Creators' panel (1024 px): a tablet, with no side requests. */
const tablet = { width: 900, height: 900 };
const unique = () => `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/**
 * Every failed HTTP answer the page saw. Chromium prints each as a console error ("Failed to load
 * resource: ... status of 401"), so a test lists the ones it caused on purpose and compares.
 */
function watchFailedResponses(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  return failed;
}

/** Console errors other than Chromium's line for a failed request (those are checked one by one). */
const unexpectedErrors = (errors: string[]) =>
  errors.filter(
    (error) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(error),
  );

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text }).first();

async function codeFromMail(email: string): Promise<string> {
  const mail = await waitForMail(email, /is your Fanplace verification code/);
  const code = /\b(\d{6})\b/.exec(mail.subject)?.[1];
  if (!code) throw new Error(`no code in '${mail.subject}'`);
  return code;
}

async function waitForMailCount(email: string, count: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (mailCount(email) < count) {
    if (Date.now() > deadline)
      throw new Error(`expected ${count} emails to ${email}, got ${mailCount(email)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function signInWith(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

describe('accounts in a browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('registers, verifies from the email, signs out and in, and resets a forgotten password', async () => {
    const { page, context, errors } = await openPage(browser, { viewport: viewports.mobile });
    const failed = watchFailedResponses(page);
    const email = unique();
    const firstPassword = 'plum-orchard-4417';
    const newPassword = 'velvet-harbour-2093';

    // Register.
    await page.goto('/register');
    await page.getByLabel('First name').fill('Eve');
    await page.getByLabel('Last name').fill('Tester');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(firstPassword);
    await page.getByLabel('Confirm password', { exact: true }).fill(firstPassword);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL((url) => url.pathname === '/email-verification');
    await toast(page, 'Account created successfully. Please check your email for verification.').waitFor();
    // The address changes before the page's code has loaded: until then the form on screen is the
    // registration's, whose Email field holds the same address.
    await page.getByLabel('Verification code').waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    expect(await page.getByLabel('Email').getAttribute('readonly')).not.toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('email'))).toBe(email);

    // 'Resend Code' starts enabled; after a resend it counts down, and the wait survives a reload.
    const resend = page.getByRole('button', { name: /^Resend/ });
    expect(await resend.textContent()).toBe('Resend Code');
    await resend.click();
    await toast(page, 'Email verification sent').waitFor();
    await page.getByRole('button', { name: /^Resend in (10:00|9:5\d)$/ }).waitFor();
    expect(await resend.isDisabled()).toBe(true);
    await page.reload();
    await page.getByRole('button', { name: /^Resend in (10:00|9:5\d)$/ }).waitFor();
    expect(await page.getByRole('button', { name: /^Resend/ }).isDisabled()).toBe(true);

    // The resend replaced the first code: use the newest email.
    await waitForMailCount(email, 2);
    await page.getByLabel('Verification code').fill(await codeFromMail(email));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await toast(page, 'Email verification successful').waitFor();
    const account = page.getByRole('button', { name: 'Account menu for Eve Tester' });
    expect(await account.locator('[aria-hidden="true"]').textContent()).toBe('ET');
    expect(await page.evaluate(() => localStorage.getItem('email'))).toBeNull();

    // Log out from the account menu: the token stops working on the server too.
    const verifiedToken = await storedToken(page);
    await account.click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await toast(page, 'Logged out successfully').waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).waitFor();
    expect(await storedToken(page)).toBeNull();

    // A wrong password, then the right one.
    await page.goto('/login');
    await signInWith(page, email, 'not-the-password');
    await toast(page, 'Password or email incorrect').waitFor();
    expect(page.url()).toContain('/login');
    await signInWith(page, email, firstPassword);
    await page.waitForURL((url) => url.pathname === '/');
    await toast(page, 'Logged in successfully').waitFor();
    await account.waitFor();
    const oldToken = await storedToken(page);
    expect(oldToken).toBeTruthy();
    expect(oldToken).not.toBe(verifiedToken);

    // Forgot password: the emailed link leads to the reset page.
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset your password' });
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await dialog.getByText('Please enter your email address').waitFor();
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await toast(page, 'Password reset email sent').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const resetMail = await waitForMail(email, /Reset your Fanplace password/);
    const link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(resetMail.text)?.[0];
    if (!link) throw new Error(`no reset link in:\n${resetMail.text}`);
    // The link names the server's PUBLIC_URL; the test server listens on a port chosen at start.
    const { pathname, search } = new URL(link);
    await page.goto(`${pathname}${search}`);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm password', { exact: true }).fill(`${newPassword}x`);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await toast(page, 'Password reset successfully').waitFor();
    expect(await storedToken(page)).toBeNull();

    // The reset ended every session: the token from before no longer works.
    const status = await page.evaluate(
      async (token) =>
        (await fetch('/api/auth/profile', { headers: { authorization: `Bearer ${token}` } })).status,
      oldToken,
    );
    expect(status).toBe(401);

    // The old password is refused, the new one works.
    await signInWith(page, email, firstPassword);
    await toast(page, 'Password or email incorrect').waitFor();
    await signInWith(page, email, newPassword);
    await page.waitForURL((url) => url.pathname === '/');
    await account.waitFor();

    expect(failed).toEqual(['401 /api/auth/signin', '401 /api/auth/profile', '401 /api/auth/signin']);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('sends an unverified user who signs in to verify, with a fresh code and the wait shown', async () => {
    const { page, context, errors } = await openPage(browser, { viewport: tablet });
    const failed = watchFailedResponses(page);
    const email = unique();
    const password = 'copper-lantern-5521';
    const signup = await context.request.post(`${baseUrl()}/api/auth/signup`, {
      data: { email, password, firstName: 'Uma', lastName: 'Unverified', acceptTerms: true },
    });
    expect(signup.status()).toBe(201);
    await waitForMailCount(email, 1);

    await page.goto('/login?next=/discover');
    await signInWith(page, email, password);
    await page.waitForURL((url) => url.pathname === '/email-verification');
    await toast(page, 'Email verification sent').waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await page.getByRole('button', { name: /^Resend in (10:00|9:5\d)$/ }).waitFor();

    // A fresh code was sent on the way; it verifies the address and signs the user in.
    await waitForMailCount(email, 2);
    await page.getByLabel('Verification code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    // One message for a wrong code, under the field: no toast saying it again.
    await page.getByText('Incorrect verification code').waitFor();
    expect(await page.locator('[data-sonner-toast]', { hasText: /verify/i }).count()).toBe(0);
    await page.getByLabel('Verification code').fill(await codeFromMail(email));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Account menu for Uma Unverified' }).waitFor();

    expect(failed).toEqual(['400 /api/auth/verify-email']);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('signs in from the dialog a page opens, staying on that page; ?next= leads back after the login page', async () => {
    const { page, context, errors } = await openPage(browser, { viewport: tablet, colorScheme: 'dark' });
    const email = unique();
    const password = 'saffron-meadow-8830';
    await context.request.post(`${baseUrl()}/api/auth/signup`, {
      data: { email, password, firstName: 'Mo', lastName: 'Dal', acceptTerms: true },
    });
    const code = await codeFromMail(email);
    const verified = await context.request.post(`${baseUrl()}/api/auth/verify-email`, {
      data: { email, code },
    });
    expect(verified.status()).toBe(200);

    await page.goto('/private-profile');
    await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    await dialog.waitFor();
    // Focus stays in the dialog; Escape closes it.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
    await dialog.getByRole('button', { name: 'Sign Up' }).click();
    await page
      .getByRole('dialog', { name: 'Create your account' })
      .getByRole('button', { name: 'Sign In' })
      .click();
    await signInWith(page, email, password);
    await toast(page, 'Logged in successfully').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/private-profile');
    await page.getByRole('main').getByText('Mo Dal').waitFor();

    // Logged out, the login page sends the user back where ?next= says.
    await page.getByRole('button', { name: 'Account menu for Mo Dal' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/login?next=/settings/fonts');
    await signInWith(page, email, password);
    await page.waitForURL((url) => url.pathname === '/settings/fonts');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('explains a failed Google sign-in on the login page and on the return page', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/login?error=google');
    await page.getByRole('alert').getByText('Google sign-in did not work').waitFor();
    // Not configured on this server: no Google button.
    expect(await page.getByRole('link', { name: 'Continue with Google' }).count()).toBe(0);

    await page.goto('/auth/google/complete');
    await page.locator('main h1', { hasText: 'Google sign-in did not work' }).waitFor();
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(errors).toEqual([]);

    // A code that was never issued (and Google is off here): the exchange fails with the server's
    // reason, and the fragment is gone from the address bar.
    await page.goto('/auth/google/complete#code=never-issued');
    await page.locator('main h1', { hasText: 'Google sign-in did not work' }).waitFor();
    await page
      .getByText(/(Google sign-in is not configured|invalid or has expired)\. Please try again\./)
      .waitFor();
    expect(new URL(page.url()).hash).toBe('');
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('keeps the sign-in form usable from the keyboard alone', async () => {
    const { page, context, errors } = await openPage(browser, { viewport: viewports.mobile });
    await page.goto('/login');
    await page.getByLabel('Email').focus();
    await page.keyboard.type('nobody@example.com');
    // Email, Password (with its show/hide button), then "Forgot password?", then Sign In.
    await page.keyboard.press('Tab');
    await page.keyboard.type('secret-secret');
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('secret-secret');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Forgot password?');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Sign In');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});

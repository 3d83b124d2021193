import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, openPage, viewports } from './support/browser.ts';
import { waitForMail } from './support/mail.ts';

const unique = () => `agent-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text }).first();

/** A verified account made through the API, with the code from the captured email. */
async function verifiedAccount(page: Page, firstName: string, lastName: string) {
  const email = unique();
  const password = 'harbour-listing-7731';
  const signup = await page.request.post(`${baseUrl()}/api/auth/signup`, {
    data: { email, password, firstName, lastName, acceptTerms: true },
  });
  expect(signup.status()).toBe(201);
  const mail = await waitForMail(email, /is your Fanplace verification code/);
  const code = /\b(\d{6})\b/.exec(mail.subject)?.[1];
  const verified = await page.request.post(`${baseUrl()}/api/auth/verify-email`, { data: { email, code } });
  expect(verified.status()).toBe(200);
  return { email, password };
}

describe('pricing in a browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('signs in, pays for Professional yearly on the sandbox checkout, comes back active, then cancels', async () => {
    const { page, context, errors } = await openPage(browser, { viewport: viewports.desktop });
    const { email, password } = await verifiedAccount(page, 'Ada', 'Agent');

    await page.goto('/pricing');
    await page.getByRole('heading', { name: 'Pricing', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Professional', exact: true }).waitFor();
    await page.getByText('Most Popular').waitFor();
    expect(await page.getByRole('radio', { name: 'Monthly' }).getAttribute('aria-checked')).toBe('true');
    await page.getByText('₦25,000').waitFor();

    // Signed out, choosing a plan asks to sign in first.
    await page.getByRole('button', { name: 'Start free trial: Professional' }).click();
    await toast(page, 'Please sign in to subscribe to a plan').waitFor();
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill(password);
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/pricing');

    // Yearly: the yearly price and its monthly equivalent.
    await page.getByRole('radio', { name: /Yearly/ }).click();
    await page.getByText('₦250,000').waitFor();
    await page.getByText('₦20,833/month, billed yearly').waitFor();
    await page.getByRole('button', { name: 'Start free trial: Professional' }).click();

    // The sandbox's own checkout page, clearly in test mode.
    await page.waitForURL((url) => url.pathname.startsWith('/api/payments/sandbox/checkout/'));
    await page.getByText('TEST MODE').waitFor();
    await page.getByText('Professional plan (yearly)').first().waitFor();
    await page.getByRole('button', { name: 'Pay ₦50.00' }).click();

    // Back on the pricing page: verified with the provider, the reference gone from the address bar.
    await page.waitForURL((url) => url.pathname === '/pricing');
    await toast(page, 'Payment verified successfully').waitFor();
    await page.waitForURL((url) => url.search === '');
    const plan = page.getByRole('region', { name: /Your plan: Professional \(yearly\)/ });
    await plan.waitFor();
    expect(await plan.getByTestId('plan-status').textContent()).toBe('Free trial');
    await plan
      .getByText(/Free trial until .*, then ₦250,000 per year, charged to your visa card ending 4081/)
      .waitFor();
    await page.getByRole('button', { name: 'Current plan: Professional' }).waitFor();

    // Cancel at the end of the period, after confirming.
    await plan.getByRole('button', { name: 'Cancel plan' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Cancel your Professional plan?' });
    await confirm.getByRole('button', { name: 'Cancel at period end' }).click();
    await toast(page, 'Your plan will end on').waitFor();
    await plan.getByText('Cancels at period end').waitFor();
    await plan.getByRole('button', { name: 'Keep my plan' }).waitFor();

    // The server agrees.
    const current = await page.evaluate(async () => {
      const response = await fetch('/api/subscriptions/current', {
        headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
      });
      return response.json();
    });
    expect(current.subscription).toMatchObject({
      planId: 'professional',
      status: 'trialing',
      cancelAtPeriodEnd: true,
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works on a phone in dark mode: seed plans when the plans cannot be fetched, keyboard FAQ, no sideways scroll', async () => {
    const { page, context, errors } = await openPage(browser, {
      viewport: viewports.mobile,
      colorScheme: 'dark',
    });
    await page.route('**/api/subscriptions/plans', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"message":"down","code":"NOT_READY"}',
      }),
    );
    await page.goto('/pricing');
    await toast(page, 'Failed to fetch subscription plans').waitFor();
    for (const name of ['Starter', 'Professional', 'Enterprise'])
      await page.getByRole('heading', { name, exact: true }).waitFor();
    await page.getByText('₦15,000').waitFor();
    await page.getByText('₦40,000').waitFor();

    const question = page.getByRole('button', { name: 'What happens to my data if I cancel?' });
    await question.focus();
    await page.keyboard.press('Enter');
    await page.getByText(/^Nothing is deleted\. Cancelling stops the renewal/).waitFor();
    expect(await page.getByRole('link', { name: 'Settings > Privacy & Safety' }).getAttribute('href')).toBe(
      '/settings?tab=privacy-safety',
    );
    expect(await question.getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByRole('button', { name: /\?$/ }).count()).toBe(6);

    await page.getByRole('button', { name: 'Try Premium Free' }).click();
    await toast(page, 'Please sign in to subscribe to a plan').waitFor();
    await page.getByRole('dialog', { name: 'Sign In' }).waitFor();

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    expect(errors.filter((error) => !/status of 503/.test(error))).toEqual([]);
    await context.close();
  });
});

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { CheckoutResponse } from '../common/schemas/fan-payments.ts';
import {
  type Account,
  adminAccount,
  approvedCreatorWithPictures,
  createVerifiedAccount,
  signInContext,
} from './support/accounts.ts';
import { baseUrl, openPage, useBrowser, viewports } from './support/browser.ts';
import { E2E_ADMIN_EMAIL } from './support/global-setup.ts';

const screenshots = process.env.E2E_SCREENSHOTS;
/** A phone 390 px wide. */
const phone = { width: 390, height: 844 };

/** axe-core's browser bundle, injected into the page as it is. */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

async function api<T>(account: Account, method: string, path: string, body?: object): Promise<T> {
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

/** The value shown under a total's label. */
const total = (page: Page, label: string) =>
  page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd');

/** WCAG 2.2 AA violations on the page as it is now. */
async function violations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: object,
          ) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => `${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  return found;
}

describe('earnings overview in a browser', () => {
  const browser = useBrowser();

  it('a fan tips through the sandbox; the creator finds the tip in the earnings overview on a desktop and a phone', async () => {
    const admin = await adminAccount(E2E_ADMIN_EMAIL);
    const handle = `orla${Date.now().toString(36)}`;
    const { account: creatorAccount } = await approvedCreatorWithPictures(
      admin,
      { handle, displayName: 'Orla Brennan', avatar: '#0ea5e9', banner: '#f59e0b' },
      { firstName: 'Orla', lastName: 'Brennan' },
    );
    const fanAccount = await createVerifiedAccount(undefined, { firstName: 'Jonas', lastName: 'Weber' });

    // The creator opens the overview before anything was earned.
    const creator = await openPage(browser(), { viewport: viewports.desktop });
    await signInContext(creator.context, creatorAccount);
    await creator.page.goto('/wallet');
    await creator.page.getByRole('link', { name: 'Earnings overview' }).click();
    await creator.page.waitForURL((url) => url.pathname === '/wallet/earnings');
    await creator.page.getByRole('heading', { name: 'No earnings yet' }).waitFor();

    // The fan tips $12.50 and pays on the sandbox's checkout page.
    const checkout = await api<CheckoutResponse>(fanAccount, 'POST', `/creators/${handle}/tips`, {
      amount: 1250,
      idempotencyKey: `e2e-earnings-${Date.now()}`,
    });
    const fan = await openPage(browser(), { viewport: phone });
    await signInContext(fan.context, fanAccount);
    await fan.page.goto(checkout.authorization_url);
    await fan.page.getByText('TEST MODE').waitFor();
    await fan.page.getByRole('button', { name: /^Pay .*12\.50$/ }).click();
    await fan.page.waitForURL((url) => url.pathname === `/public-profile/${handle}`);
    await fan.page.locator('[data-sonner-toast]', { hasText: 'Tip sent' }).first().waitFor();

    // The creator's overview shows the tip, net of the 20% fee, today.
    await creator.page.reload();
    await creator.page.getByRole('heading', { name: 'Earnings by day' }).waitFor();
    await expect.poll(() => total(creator.page, 'Tips').textContent()).toBe('$10.00');
    expect(await total(creator.page, 'Total').textContent()).toBe('$10.00');
    const chart = creator.page.getByRole('img', { name: /^Earnings per day from / });
    expect(await chart.getAttribute('aria-label')).toContain('$10.00 in all');
    const today = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date());
    expect(await chart.locator('g > title').last().textContent()).toBe(`${today}: $10.00 (Tips $10.00)`);
    await creator.page.getByText('No post unlocks in this range.').waitFor();
    expect(await violations(creator.page)).toEqual([]);
    if (screenshots)
      await creator.page.screenshot({ path: `${screenshots}/earnings-desktop.png`, fullPage: true });

    // The keyboard switches to weeks; the table shows the same figure.
    await creator.page.getByRole('button', { name: 'Week' }).focus();
    await creator.page.keyboard.press('Enter');
    await creator.page.getByRole('heading', { name: 'Earnings by week' }).waitFor();
    expect(await creator.page.getByRole('button', { name: 'Week' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await creator.page.getByRole('button', { name: 'Show as table' }).click();
    const table = creator.page.getByRole('table', { name: 'Earnings per week' });
    await table.waitFor({ state: 'visible' });
    expect(await table.getByRole('row').last().getByRole('cell').last().textContent()).toBe('$10.00');

    // On a phone: no sideways scroll of the page, with the table open too.
    const small = await openPage(browser(), { viewport: phone });
    await signInContext(small.context, creatorAccount);
    await small.page.goto('/wallet/earnings');
    await small.page.getByRole('heading', { name: 'Earnings by day' }).waitFor();
    await expect.poll(() => total(small.page, 'Tips').textContent()).toBe('$10.00');
    const fits = () =>
      small.page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
    expect(await fits()).toBe(true);
    if (screenshots)
      await small.page.screenshot({ path: `${screenshots}/earnings-phone.png`, fullPage: true });
    await small.page.getByRole('button', { name: 'Show as table' }).click();
    await small.page.getByRole('table', { name: 'Earnings per day' }).waitFor({ state: 'visible' });
    expect(await fits()).toBe(true);
    if (screenshots)
      await small.page.screenshot({ path: `${screenshots}/earnings-phone-table.png`, fullPage: true });

    expect(creator.errors).toEqual([]);
    expect(fan.errors).toEqual([]);
    expect(small.errors).toEqual([]);
    await small.context.close();
    await fan.context.close();
    await creator.context.close();
  });
});

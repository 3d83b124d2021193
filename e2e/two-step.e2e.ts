import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount, signInContext, uniqueEmail } from './support/accounts.ts';
import { launchBrowser, openPage } from './support/browser.ts';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text }).first();

/** Console errors other than Chromium's line for a 4xx answer a test provoked on purpose. */
const unexpected = (errors: string[]) =>
  errors.filter(
    (error) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(error),
  );

/** The code of the step `steps` from now, as an authenticator app would show it then. */
const codeFor = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

describe('two-step sign-in in a browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('turns on with the shown secret and shows 10 recovery codes; sign-in then asks for a code computed from it', async () => {
    const account = await createVerifiedAccount(uniqueEmail('two-step'), {
      firstName: 'Ada',
      lastName: 'Byron',
    });
    const { page, context, errors } = await openPage(browser);
    await signInContext(context, account);
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Two-step sign-in' });
    await section.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    await section.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor();
    const secret = (await section.getByTestId('two-factor-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

    await section.getByLabel('Code from the app').fill('000000');
    await section.getByRole('button', { name: 'Turn on' }).click();
    await section.getByText(/That code is not right/).waitFor();
    await section.getByLabel('Code from the app').fill(await codeFor(secret));
    await section.getByRole('button', { name: 'Turn on' }).click();
    await toast(page, 'Two-step sign-in is on').waitFor();
    const codes = section.getByRole('region', { name: 'Recovery codes' }).getByRole('listitem');
    await expect.poll(() => codes.count()).toBe(10);
    expect(await codes.first().textContent()).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    await section.getByRole('button', { name: 'I saved them' }).click();
    await section.getByText(/10 recovery codes left/).waitFor();

    // Sign out, then sign in: the password, then a code from the app.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    const step = page.getByRole('form', { name: 'Two-step sign-in' });
    await step.getByLabel('Authentication code').waitFor();
    // The next step's code: inside the window of one step, and newer than the code used to turn it on.
    await step.getByLabel('Authentication code').fill(await codeFor(secret, 1));
    await step.getByRole('button', { name: 'Verify' }).click();
    await toast(page, 'Logged in successfully').waitFor();

    // This session proved a code moments ago, so a sensitive action goes through without asking again.
    await page.goto('/settings');
    const signedIn = page.getByRole('region', { name: 'Two-step sign-in' });
    await signedIn.getByText(/10 recovery codes left/).waitFor();
    await signedIn.getByRole('button', { name: 'Turn off' }).click();
    await toast(page, 'Two-step sign-in is off').waitFor();
    await signedIn.getByRole('button', { name: 'Set up two-step sign-in' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });
});

describe('passkeys in a browser (Chromium virtual authenticator)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('adds, renames and signs in with a passkey, without a password or a two-step code', async () => {
    const account = await createVerifiedAccount(uniqueEmail('passkey'), {
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    const { page, context, errors } = await openPage(browser);
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    await signInContext(context, account);
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Passkeys' });
    await section.getByText('No passkeys yet.').waitFor();
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await section.getByLabel('Passkey name').fill('');
    await section.getByRole('button', { name: 'Create passkey' }).click();
    await section.getByText('Please give the passkey a name').waitFor();
    await section.getByLabel('Passkey name').fill('Work laptop');
    await section.getByRole('button', { name: 'Create passkey' }).click();
    await toast(page, 'Passkey added').waitFor();
    const list = section.getByRole('list', { name: 'Passkeys' });
    await list.getByText('Work laptop').waitFor();

    await list.getByRole('button', { name: 'Rename Work laptop' }).click();
    await section.getByLabel('Passkey name').fill('Studio laptop');
    await section.getByRole('button', { name: 'Save' }).click();
    await list.getByText('Studio laptop').waitFor();

    // Signed out, the passkey alone signs in.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await toast(page, 'Logged in successfully').waitFor();
    await page.goto('/settings');
    await page
      .getByRole('region', { name: 'Passkeys' })
      .getByText(/last used/)
      .waitFor();

    // Removed, it is gone from the list.
    await page.getByRole('button', { name: 'Remove Studio laptop' }).click();
    await toast(page, 'Passkey removed').waitFor();
    await page.getByRole('region', { name: 'Passkeys' }).getByText('No passkeys yet.').waitFor();

    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });
});

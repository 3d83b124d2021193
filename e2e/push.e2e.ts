import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, createVerifiedAccount, signInContext, uniqueEmail } from './support/accounts.ts';
import { launchBrowser, openPage, viewports } from './support/browser.ts';

interface Settings {
  items: { kind: string; inApp: boolean | null; email: boolean | null; push: boolean }[];
}

/**
 * Push notifications in Settings, in a real browser: the choice per kind, hiding previews, and
 * turning push on for this browser (asked only on a click). Headless Chromium has no push service
 * of its own to reach (its push service is Google's), so turning on ends with the plain reason; the
 * server's side of a real subscription is tested against a local push service
 * (server/routes/realtime/push.test.ts).
 */
describe('push notifications in Settings', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  for (const [name, viewport] of [
    ['phone', viewports.mobile],
    ['desktop', viewports.desktop],
  ] as const) {
    it(`chooses pushes per kind and hides previews (${name})`, async () => {
      const account = await createVerifiedAccount(uniqueEmail('push'));
      const { page, context, errors } = await openPage(browser, { viewport });
      await signInContext(context, account);
      await page.goto('/settings');
      const section = page.getByRole('region', { name: 'Push notifications on this device' });
      await section.waitFor();
      // Nothing is asked of the browser before a click.
      expect(await page.evaluate(() => Notification.permission)).toBe('default');

      const messages = page.getByRole('checkbox', { name: 'New messages by push' });
      expect(await messages.isChecked()).toBe(true);
      // Messages have their own place in the app: no bell switch for them.
      expect(await page.getByRole('checkbox', { name: 'New messages in the app' }).count()).toBe(0);
      await messages.uncheck();
      await expect
        .poll(async () => (await apiAs<Settings>(account, 'GET', '/me/notification-settings')).items)
        .toContainEqual({ kind: 'message', label: 'New messages', inApp: null, email: null, push: false });

      await section.getByRole('checkbox', { name: /Hide message previews/ }).check();
      await expect
        .poll(async () => (await apiAs<{ hidePreviews: boolean }>(account, 'GET', '/me/push')).hidePreviews)
        .toBe(true);

      await page.reload();
      await page.getByRole('region', { name: 'Push notifications on this device' }).waitFor();
      expect(await page.getByRole('checkbox', { name: 'New messages by push' }).isChecked()).toBe(false);
      expect(await page.getByRole('checkbox', { name: /Hide message previews/ }).isChecked()).toBe(true);
      await section.screenshot({ path: `/tmp/fp-push-settings-${name}.png` });
      await page
        .getByRole('table')
        .first()
        .screenshot({ path: `/tmp/fp-notification-table-${name}.png` });
      // Four columns fit the phone: the page never scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      // The text stays readable beside the button: it is never squeezed to a word per line.
      const text = await section.getByText(/^Off: turn them on/).boundingBox();
      expect(text?.width ?? 0).toBeGreaterThan(180);
      expect(errors).toEqual([]);
    });
  }

  it('asks the browser only on a click, and says plainly when it cannot reach its push service', async () => {
    const account = await createVerifiedAccount(uniqueEmail('push-on'));
    const { page, context } = await openPage(browser);
    await context.grantPermissions(['notifications']);
    await signInContext(context, account);
    await page.goto('/settings');
    // The app's service worker is what receives pushes: wait until it runs this page.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const section = page.getByRole('region', { name: 'Push notifications on this device' });
    await section.getByRole('button', { name: 'Turn on push notifications' }).click();
    // No network to Google's push service here: the reason, in words, and no device saved.
    await page
      .locator('[data-sonner-toast]', { hasText: 'This browser could not reach its push service' })
      .waitFor();
    expect((await apiAs<{ devices: unknown[] }>(account, 'GET', '/me/push')).devices).toEqual([]);
    // It asked for permission on the click (granted here), and the button is there to try again.
    expect(await page.evaluate(() => Notification.permission)).toBe('granted');
    await section.getByRole('button', { name: 'Turn on push notifications' }).waitFor();
  });

  it('shows what a push brings: the service worker turns it into a notification that opens its path', async () => {
    const account = await createVerifiedAccount(uniqueEmail('push-show'));
    const { page, context } = await openPage(browser);
    await context.grantPermissions(['notifications']);
    await signInContext(context, account);
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
    await cdp.send('ServiceWorker.enable');
    await page.goto('/');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await expect.poll(() => registrations.some((one) => !one.isDeleted)).toBe(true);
    const registration = registrations.find((one) => !one.isDeleted);
    // What the push service hands the browser, as the server made it (server/presenters/realtime/push.ts).
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(page.url()).origin,
      registrationId: registration?.registrationId ?? '',
      data: JSON.stringify({
        title: 'New message from Ada Lane',
        body: 'Are you around tonight?',
        url: '/message?user=0195f1a0-0000-7000-8000-0000000000aa',
        tag: 'message-0195f1a0',
      }),
    });
    await expect
      .poll(() =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((shown) => ({
            title: shown.title,
            body: shown.body,
            tag: shown.tag,
            url: (shown.data as { url?: string } | null)?.url,
          })),
        ),
      )
      .toEqual([
        {
          title: 'New message from Ada Lane',
          body: 'Are you around tonight?',
          tag: 'message-0195f1a0',
          url: '/message?user=0195f1a0-0000-7000-8000-0000000000aa',
        },
      ]);
    // A push naming another site opens this one's home page instead.
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(page.url()).origin,
      registrationId: registration?.registrationId ?? '',
      data: JSON.stringify({ title: 'Elsewhere', body: '', url: '//evil.example/x', tag: 'elsewhere' }),
    });
    await expect
      .poll(() =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications({ tag: 'elsewhere' })).map(
            (shown) => (shown.data as { url?: string } | null)?.url,
          ),
        ),
      )
      .toEqual(['/']);
  });
});

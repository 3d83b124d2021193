import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../common/routes.ts';
import { baseUrl, launchBrowser, openPage, viewports, waitForApp } from './support/browser.ts';

/** Every path of the route table, with its parameters filled in. */
const pagePaths = Object.values(routes).map((path) =>
  path.replace(':id', 'someone').replace(/^\/reset-password$/, '/reset-password?token=abc'),
);

const notFoundLog = 'console: Failed to load resource: the server responded with a status of 404 (Not Found)';

describe('the app shell in a browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  for (const [size, viewport] of Object.entries(viewports)) {
    it(`renders every route at ${size} width without a console error`, async () => {
      const { page, context, errors } = await openPage(browser, { viewport });
      for (const path of pagePaths) {
        await page.goto(path);
        await page
          .locator('main h1')
          .first()
          .waitFor({ state: 'visible' })
          .catch((error: Error) => {
            throw new Error(`no visible heading on ${path}: ${error.message}`);
          });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
        expect(overflow, `horizontal scroll on ${path}`).toBe(false);
        // An unknown creator or post is a real 404 from the API, which the browser logs; the page says so.
        const expected = /^\/(public-profile|post)\//.test(path) ? [notFoundLog] : [];
        expect(errors.splice(0), `console errors on ${path}`).toEqual(expected);
      }
      await context.close();
      // Every route in turn: 25-40 s here, twice that on a loaded machine.
    }, 180_000);
  }

  it('keeps the chosen theme across a reload', async () => {
    const { page, context, errors } = await openPage(browser, { colorScheme: 'light' });
    await page.goto('/');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    await page.getByRole('button', { name: /Change theme/ }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await page.reload();
    await page.locator('main h1').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('ui-theme'))).toBe('dark');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('follows the system theme when set to system', async () => {
    const { page, context } = await openPage(browser, { colorScheme: 'dark' });
    await page.goto('/');
    await page.locator('main h1').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => !document.documentElement.classList.contains('dark'));
    await context.close();
  });

  it('shows the 404 page for an unknown path, and Go Home leads home', async () => {
    const { page, context, errors } = await openPage(browser);
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await page.getByText('404 Page Not Found').waitFor();
    await page.getByText("The page you're looking for doesn't exist or has been moved.").waitFor();
    await page.getByRole('button', { name: 'Go Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    // Chromium reports the document's own 404 status as a console error; nothing else may appear.
    expect(errors.filter((error) => !error.includes('status of 404'))).toEqual([]);
    await context.close();
  });

  it('shows the bottom bar on phones, except on the login page', async () => {
    const { page, context } = await openPage(browser, { viewport: viewports.mobile });
    await page.goto('/discover');
    const bottomBar = page.getByRole('navigation', { name: 'Quick actions' });
    await bottomBar.waitFor({ state: 'visible' });
    expect(await bottomBar.getByPlaceholder('Search...').isVisible()).toBe(true);
    await page.goto('/login');
    await page.locator('main h1').first().waitFor();
    expect(await bottomBar.count()).toBe(0);
    await context.close();
  });

  it('paints Home from the server for a visitor, then the app takes the same markup over', async () => {
    const html = await (await fetch(`${baseUrl()}/`)).text();
    expect(html).toContain('<div id="root" data-server-rendered inert>');
    expect(html).toContain('Discover new and exciting creators</h1>');
    expect(html).toMatch(/<script type="application\/json" id="server-state">\{"mutations":\[\],"queries":/);
    // The app's module is not in the markup: theme-init.js asks for it once the page has painted.
    expect(html).not.toContain('<script type="module"');
    const appScript = html.match(/<script src="\/theme-init\.js" data-app="([^"]+)"><\/script>/)?.[1];
    expect(appScript).toMatch(/^\/assets\/index-[\w-]+\.js$/);

    const { page, context, errors } = await openPage(browser, { viewport: viewports.mobile });
    const logs: string[] = [];
    page.on('console', (message) => logs.push(message.text()));
    // The server's heading as parsed, before any of the app's scripts has run.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive')
          (window as { serverHeading?: Element | null }).serverHeading = document.querySelector('main h1');
      });
    });
    await page.goto('/');
    await waitForApp(page);
    expect(await page.locator('#root').getAttribute('inert')).toBeNull();
    expect(await page.locator('#server-state').count()).toBe(0);
    // Hydrated, not redrawn: the app adopted the server's very nodes (Preact in the build, 0032).
    expect(
      await page.evaluate(() => {
        const before = (window as { serverHeading?: Element | null }).serverHeading;
        return before !== undefined && before !== null && before === document.querySelector('main h1');
      }),
    ).toBe(true);
    expect(logs.filter((text) => text.includes('redrawn in the browser'))).toEqual([]);
    // The app's module was asked for after the page's first contentful paint.
    const order = await page.evaluate((script) => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
      const asked = performance
        .getEntriesByType('resource')
        .find((entry) => new URL(entry.name).pathname === script)?.startTime;
      return { paint, asked: asked ?? null };
    }, appScript ?? '');
    expect(order.paint).not.toBeNull();
    expect(order.asked).toBeGreaterThanOrEqual(order.paint ?? Number.POSITIVE_INFINITY);
    await page.getByRole('link', { name: 'Discover Creators' }).click();
    await page.getByRole('heading', { name: 'Discover', level: 1 }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('redirects /post-content to /post-ccontent', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/post-content');
    await page.waitForURL((url) => url.pathname === '/post-ccontent');
    await context.close();
  });
});

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { routes } from '../common/routes.ts';
import { type Account, createVerifiedAccount, signInContext } from './support/accounts.ts';
import { launchBrowser, openPage, viewports } from './support/browser.ts';

/** axe-core's browser bundle, injected into each page as it is. */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA. */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Every path of the route table, with its parameters filled in. */
const pagePaths = Object.values(routes).map((path) =>
  path.replace(':id', 'someone').replace(/^\/reset-password$/, '/reset-password?token=abc'),
);

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

async function violationsOn(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await page.locator('main h1').first().waitFor({ state: 'visible' });
  // Settled: fonts loaded and no placeholder left (skeletons pulse, spinners spin, lists say busy).
  await page.waitForFunction(
    () =>
      document.fonts.status === 'loaded' &&
      document.querySelector('.animate-pulse, .animate-spin, [aria-busy="true"]') === null,
  );
  // Evaluated over the DevTools protocol, so the page's own script policy does not apply.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (tags) => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return result.violations;
  }, WCAG_AA);
  return (violations as Violation[]).map(
    (violation) =>
      `${path}: ${violation.id} (${violation.impact}) ${violation.help} at ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  );
}

// The four passes run at once, each on its own page: the file is the longest of the browser tests,
// and one after the other they kept a single page busy for a minute and a half.
describe.concurrent('accessibility (axe-core, WCAG 2.2 AA) on every route', () => {
  let browser: Browser;
  let account: Account;
  beforeAll(async () => {
    browser = await launchBrowser();
    account = await createVerifiedAccount();
  });
  afterAll(async () => {
    await browser.close();
  });

  for (const [size, viewport] of Object.entries(viewports)) {
    for (const signedIn of [false, true]) {
      it(`finds no violation on any route at ${size} width, signed ${signedIn ? 'in' : 'out'}`, async ({
        expect,
      }) => {
        const { page, context } = await openPage(browser, { viewport });
        if (signedIn) await signInContext(context, account);
        const found: string[] = [];
        for (const path of pagePaths) found.push(...(await violationsOn(page, path)));
        await context.close();
        expect(found).toEqual([]);
        expect(pagePaths.length).toBeGreaterThan(20);
        // Every route in turn, four passes at once: about two minutes here, twice that loaded.
      }, 480_000);
    }
  }
});

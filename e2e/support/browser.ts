import { type Browser, type BrowserContext, chromium, type Page, type Request } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { currentServer } from './own-server.ts';

export const viewports = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 375, height: 740 },
} as const;

export function baseUrl(): string {
  return currentServer().baseUrl;
}

/**
 * Where this test file's addresses start. Each file has its own copy of this module, so a counter
 * starting at zero would hand every file of a worker the same addresses, and after ten files the
 * first of them would have used up its ten sign-ups an hour. A random start keeps the files apart.
 */
let clients = Math.floor(Math.random() * 62_000);

/**
 * A client address of its own for each browser context or API caller. The test server trusts the
 * loopback proxy, so the per-address limits (ten sign-ups an hour) apply to each simulated client
 * rather than to the whole run, which signs up far more accounts than one person would.
 */
export function clientAddress(): string {
  clients += 1;
  const worker = Number(process.env.VITEST_POOL_ID ?? 1) % 250;
  return `10.${worker}.${Math.floor(clients / 250) % 250}.${(clients % 250) + 1}`;
}

/**
 * One browser for the tests of a file (or describe block): launched before them, closed after.
 * Returns a getter, since the browser exists only once the tests run.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | null = null;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is not running: call useBrowser() in a describe block');
    return browser;
  };
}

/** Debian's Chromium, as every browser test runs it. */
export const chromiumOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export function launchBrowser(): Promise<Browser> {
  return chromium.launch(chromiumOptions);
}

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  /**
   * Console errors, uncaught exceptions and Permissions-Policy warnings seen so far; a test fails
   * when any appear.
   */
  errors: string[];
}

/**
 * A page in a fresh context that records every console error, page error and failed request, and
 * Chromium's warnings about the Permissions-Policy header (a feature it does not recognize warns on
 * every page: server/plugins/security-headers.ts names only recognized ones).
 */
export async function openPage(
  browser: Browser,
  options: {
    viewport?: { width: number; height: number };
    colorScheme?: 'light' | 'dark';
    /** The address the server sees (X-Forwarded-For), e.g. one from a known country's range. */
    address?: string;
  } = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: options.viewport ?? viewports.desktop,
    colorScheme: options.colorScheme ?? 'light',
    extraHTTPHeaders: { 'x-forwarded-for': options.address ?? clientAddress() },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
    else if (message.type() === 'warning' && /Permissions-Policy/i.test(message.text()))
      errors.push(`console warning: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`page: ${error.message}`));
  return { page, context, errors };
}

/**
 * Watches a page's requests from before it is opened, so a test can wait for the page to settle
 * before checking that something was not fetched. `quiet()` resolves once no request has been open
 * for `quietMs`, leaving out streams that stay open by design (server-sent events); if that does not
 * happen within `timeoutMs` it fails with the requests still open and what kind they are, so the
 * busy part of the page is named in the test's own failure.
 */
export function watchNetwork(page: Page): {
  quiet(options?: { quietMs?: number; timeoutMs?: number }): Promise<void>;
} {
  const open = new Map<Request, string>();
  let changed = Date.now();
  const settle = (request: Request) => {
    if (open.delete(request)) changed = Date.now();
  };
  page.on('request', (request) => {
    open.set(request, `${request.resourceType()} ${request.method()} ${new URL(request.url()).pathname}`);
    changed = Date.now();
  });
  page.on('response', (response) => {
    if (response.headers()['content-type']?.includes('text/event-stream')) settle(response.request());
  });
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  return {
    async quiet({ quietMs = 500, timeoutMs = 30_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (open.size === 0 && Date.now() - changed >= quietMs) return;
        if (Date.now() > deadline)
          throw new Error(
            `The page did not go quiet in ${timeoutMs / 1000} s; still open: ${[...open.values()].join(', ') || 'none (requests kept starting)'}`,
          );
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

/**
 * Resolves once the app has adopted a page the server rendered: `#root` loses `data-server-rendered`
 * when the frame is adopted, `inert` in the task after it, once the page inside the frame is, then
 * `data-adopting` once the page's cards have been too, each in a task of its own. Until then a part is on screen but answers nothing:
 * while `#root` is inert a click waits by itself (Playwright's hit test), but a click on a card
 * still waiting its turn, text filled into a box, `focus()` and key presses would be lost.
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return (
      root !== null &&
      !root.hasAttribute('data-server-rendered') &&
      !root.hasAttribute('inert') &&
      !root.hasAttribute('data-adopting')
    );
  });
}

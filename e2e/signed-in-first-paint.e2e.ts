import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Account,
  adminAccount,
  apiAs,
  approvedCreatorWithPictures,
  createVerifiedAccount,
  signInContext,
} from './support/accounts.ts';
import { baseUrl, openPage, useBrowser, viewports, waitForApp } from './support/browser.ts';
import { E2E_ADMIN_EMAIL } from './support/global-setup.ts';

/**
 * Something of the visitor's (signed-out) page that a signed-in viewer must never see: an element
 * matching `selector` whose text is `text`, inside an element (`within`) whose text includes `withinText`.
 */
interface VisitorMarker {
  selector: string;
  text: string;
  within?: { selector: string; withinText: string };
}

interface FirstFrames {
  /** The first frame with anything of the page on screen: when (ms since navigation) and what. */
  first: { at: number; shows: 'skeleton' | 'app' | "viewer's page from the server" | "server's page" } | null;
  /** Each moment the visitor's view was on screen. */
  visitor: string[];
  /** The document's response ended (ms since navigation). */
  responseEnd: number;
}

/**
 * Installed before the page's own scripts: watches every frame (requestAnimationFrame runs before
 * each paint) and every change to the page (MutationObserver) until the test reads the record.
 */
function watchFirstFrames(markers: VisitorMarker[]) {
  const record: FirstFrames = { first: null, visitor: [], responseEnd: 0 };
  (window as { firstFrames?: FirstFrames }).firstFrames = record;
  const shown = (element: Element) => {
    if (!element.isConnected || !element.checkVisibility({ visibilityProperty: true })) return false;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  const check = (when: string) => {
    const root = document.getElementById('root');
    // The server's page for this viewer says so (data-viewer); any other is the visitor's.
    if (
      root?.hasAttribute('data-server-rendered') &&
      !root.hasAttribute('data-viewer') &&
      [...root.children].some(shown)
    )
      record.visitor.push(`${when}: the server's signed-out page`);
    for (const marker of markers) {
      for (const element of document.querySelectorAll(marker.selector)) {
        if (element.textContent?.trim() !== marker.text || !shown(element)) continue;
        if (marker.within) {
          const container = element.closest(marker.within.selector);
          if (!container?.textContent?.includes(marker.within.withinText)) continue;
        }
        record.visitor.push(`${when}: ${marker.selector} "${marker.text}"`);
      }
    }
  };
  const frame = () => {
    check('frame');
    if (!record.first) {
      const skeleton = document.getElementById('session-skeleton');
      const root = document.getElementById('root');
      const shows =
        skeleton && shown(skeleton)
          ? 'skeleton'
          : root && [...root.children].some(shown)
            ? root.hasAttribute('data-server-rendered')
              ? root.hasAttribute('data-viewer')
                ? "viewer's page from the server"
                : "server's page"
              : 'app'
            : null;
      if (shows) record.first = { at: performance.now(), shows };
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  new MutationObserver(() => check('change')).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
  });
}

async function readFrames(page: Page): Promise<FirstFrames> {
  // Two more frames: whatever the signal's frame painted has been checked.
  return page.evaluate(
    () =>
      new Promise<FirstFrames>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const record = (window as { firstFrames?: FirstFrames }).firstFrames as FirstFrames;
            const navigation = performance.getEntriesByType('navigation')[0] as
              | PerformanceNavigationTiming
              | undefined;
            resolve({ ...record, responseEnd: navigation?.responseEnd ?? 0 });
          }),
        ),
      ),
  );
}

/**
 * What the page's arrival looked like, on the first visit and on a reload: the first frame must
 * show the viewer's page or its skeleton, soon after the document arrived (the app's fallback
 * timer of the old first paint was 3 s), and the visitor's view must never be on screen. The
 * first visit comes with the session in storage only; by the reload the app has set the page
 * cookie beside it, so the server renders the viewer's own page and that is the first frame.
 */
async function expectOwnViewFirst(
  page: Page,
  path: string,
  markers: VisitorMarker[],
  signedInView: (page: Page) => Locator,
) {
  await page.addInitScript(watchFirstFrames, markers);
  const seen: string[] = [];
  for (const load of ['visit', 'reload'] as const) {
    if (load === 'visit') await page.goto(path);
    else await page.reload();
    // Generous: a busy machine may take its time to show the signed-in view.
    await signedInView(page).waitFor({ state: 'visible', timeout: 30_000 });
    // Adopting the viewer's page keeps its top bar whole: one search box, not one of the server's
    // beside one the app drew again (a part that draws nothing once claimed the next node).
    await waitForApp(page);
    expect(await page.locator('#root header form[role="search"]').count(), `${path} (${load})`).toBe(1);
    const frames = await readFrames(page);
    const after = frames.first ? Math.round(frames.first.at - frames.responseEnd) : null;
    seen.push(
      `${path} ${load}: first frame ${frames.first?.shows ?? 'none'} ${after} ms after the page arrived`,
    );
    expect(frames.visitor, `${path} (${load}) showed the visitor's view`).toEqual([]);
    expect(frames.first?.shows, `${path} (${load}): what the first frame showed`).toMatch(
      load === 'visit' ? /^(skeleton|app|viewer's page from the server)$/ : /^viewer's page from the server$/,
    );
    expect(after, `${path} (${load}): ms from the page's arrival to its first frame`).toBeLessThan(2500);
  }
  console.info(seen.join('\n'));
}

/** The markers are the visitor's view indeed: the signed-out page has each of them. */
async function expectInVisitorPage(path: string, texts: string[]) {
  const html = await (await fetch(`${baseUrl()}${path}`)).text();
  expect(html).toContain('data-server-rendered');
  for (const text of texts) expect(html, `the visitor's ${path} shows "${text}"`).toContain(text);
}

const signInLinks: VisitorMarker[] = [
  { selector: 'header a', text: 'Sign In' },
  { selector: 'header a', text: 'Sign Up' },
];

describe('a signed-in first paint', () => {
  const browser = useBrowser();
  let creator: { account: Account; creator: { id: string; handle: string } };
  let fan: Account;
  const displayName = 'Paige Painted';
  const description = `Subscribers only, made at ${Date.now().toString(36)}`;

  beforeAll(async () => {
    const admin = await adminAccount(E2E_ADMIN_EMAIL);
    creator = await approvedCreatorWithPictures(admin, {
      handle: `paige_${Date.now().toString(36)}`,
      displayName,
      avatar: '#8e44ad',
      banner: '#16a085',
    });
    await apiAs(creator.account, 'POST', '/posts', {
      description,
      youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ',
      visibility: 'subscribers',
    });
    // A poll shows when it ends: a first page's date as well (the Intl test below).
    await apiAs(creator.account, 'POST', '/posts', {
      description: `Where next, asked at ${Date.now().toString(36)}`,
      visibility: 'public',
      poll: { options: ['Beach', 'City'], endsAt: new Date(Date.now() + 3_600_000).toISOString() },
    });
    fan = await createVerifiedAccount();
    await apiAs(fan, 'POST', '/me/blocks', { userId: creator.account.user.id });
  });

  it('Home: the signed-in page or its skeleton first, never the visitor’s', async () => {
    await expectInVisitorPage('/', ['Sign In']);
    const { page, context } = await openPage(browser(), { viewport: viewports.mobile });
    await signInContext(context, fan);
    await expectOwnViewFirst(page, '/', signInLinks, (page) =>
      page.getByRole('button', { name: /^Account menu for / }),
    );
    await context.close();
  });

  it('Discover: the owner never sees their subscribers-only post locked', async () => {
    await expectInVisitorPage('/discover', [description, 'Locked']);
    const { page, context } = await openPage(browser(), { viewport: viewports.desktop });
    await signInContext(context, creator.account);
    const markers: VisitorMarker[] = [
      ...signInLinks,
      { selector: 'span', text: 'Locked', within: { selector: 'article', withinText: description } },
    ];
    await expectOwnViewFirst(page, '/discover', markers, (page) =>
      page
        .getByRole('article')
        .filter({ hasText: description })
        .getByRole('button', { name: /share post/i }),
    );
    expect(await page.getByRole('article').filter({ hasText: description }).getByText('Locked').count()).toBe(
      0,
    );
    await context.close();
  });

  it('a profile: its owner sees it as theirs, and a fan who blocked it never sees it', async () => {
    const path = `/public-profile/${creator.creator.handle}`;
    await expectInVisitorPage(path, [`${displayName}</h1>`]);

    const owner = await openPage(browser(), { viewport: viewports.mobile });
    await signInContext(owner.context, creator.account);
    await expectOwnViewFirst(owner.page, path, signInLinks, (page) =>
      page.getByRole('link', { name: 'Edit Profile' }),
    );
    await owner.context.close();

    const blocker = await openPage(browser(), { viewport: viewports.mobile });
    await signInContext(blocker.context, fan);
    await expectOwnViewFirst(
      blocker.page,
      path,
      [...signInLinks, { selector: 'h1', text: displayName }],
      (page) => page.getByRole('heading', { name: `You blocked ${displayName}` }),
    );
    await blocker.context.close();
  });

  it('downloads the menus’ code once the page is idle, and runs it at the first press', async () => {
    const { page, context } = await openPage(browser(), { viewport: viewports.desktop });
    await signInContext(context, creator.account);
    await page.goto('/discover');
    const card = page.getByRole('article').filter({ hasText: description });
    await card.getByRole('button', { name: 'Post options' }).waitFor();
    await waitForApp(page);
    // Idle: the browser is asked for each menu's files (rel=prefetch), a few per task, and every
    // one is there. None is asked for twice, nor one the page has loaded already.
    const prefetchedFiles = () =>
      page
        .locator('link[rel="prefetch"]')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    const menus = ['account-dropdown', 'notification-menu', 'post-owner-menu'];
    await expect
      .poll(
        async () => {
          const listed = await prefetchedFiles();
          return menus.filter((menu) => !listed.some((file) => file.startsWith(`/assets/${menu}-`)));
        },
        { timeout: 30_000 },
      )
      .toEqual([]);
    const files = await prefetchedFiles();
    expect(new Set(files).size).toBe(files.length);
    const loadedBefore = await page.evaluate(() =>
      [...document.querySelectorAll('script[src], link[rel="modulepreload"], link[rel="stylesheet"]')].map(
        (element) =>
          new URL(element.getAttribute('src') ?? element.getAttribute('href') ?? '', location.href).pathname,
      ),
    );
    expect(files.filter((file) => loadedBefore.includes(file))).toEqual([]);
    for (const file of files) expect((await page.request.get(file)).status(), file).toBe(200);
    // Not run: no Radix menu is on the page until one is pressed.
    expect(await page.locator('[aria-haspopup="menu"]').count()).toBe(0);

    await card.getByRole('button', { name: 'Post options' }).click();
    await page.getByRole('menuitem', { name: 'Edit post' }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('menuitem', { name: 'Edit post' }).count()).toBe(0);
    await page.getByRole('button', { name: /^Account menu for / }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).waitFor();
    await context.close();
  });

  it('makes no Intl formatter while a first page loads, signed in or out', async () => {
    // The first Intl formatter a page makes loads the browser's locale data: 70-130 ms of main
    // thread on a phone, inside the first render. A first page's counts, prices and dates are
    // written by hand (web/lib/format/numbers.ts); this records any Intl object made until idle.
    const recordIntl = () => {
      const made: string[] = [];
      Object.defineProperty(window, '__intlMade', { value: made });
      for (const name of [
        'NumberFormat',
        'DateTimeFormat',
        'PluralRules',
        'RelativeTimeFormat',
        'Collator',
      ]) {
        const original = Reflect.get(Intl, name) as new (...args: unknown[]) => object;
        Reflect.set(
          Intl,
          name,
          new Proxy(original, {
            construct: (target, args) => {
              made.push(`Intl.${name} ${new Error().stack?.split('\n')[2]?.trim() ?? ''}`);
              return new target(...args);
            },
          }),
        );
      }
    };
    const paths = ['/', '/discover', `/public-profile/${creator.creator.handle}`];
    for (const account of [creator.account, null]) {
      const { page, context } = await openPage(browser(), { viewport: viewports.mobile });
      await context.addInitScript(recordIntl);
      if (account) await signInContext(context, account);
      for (const path of paths) {
        await page.goto(path);
        await waitForApp(page);
        // Idle, as the page's own work after loading waits for (web/lib/page-idle.ts).
        await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 })));
        const made = await page.evaluate(() => Reflect.get(window, '__intlMade') as string[]);
        expect(made, `${path}, ${account ? 'signed in' : 'signed out'}`).toEqual([]);
      }
      await context.close();
    }
  });

  it('hears a message sent while its page was loading: the stream starts where the server’s page ends', async () => {
    const [viewer, friend] = await Promise.all([createVerifiedAccount(), createVerifiedAccount()]);
    const conversation = await apiAs<{ id: string }>(friend, 'POST', '/conversations', {
      userId: viewer.user.id,
    });
    const { page, context } = await openPage(browser(), { viewport: viewports.mobile });
    await signInContext(context, viewer);
    // The first visit sets the page cookie: from then on the server renders the viewer's own page.
    // Its own stream (a page drawn in the browser, no place to start from) is asked for first.
    const firstStream = page.waitForRequest(/\/api\/events\b/, { timeout: 30_000 });
    await page.goto('/');
    await waitForApp(page);
    await firstStream;
    // The stream is held back until the message has been sent, after the server's page was read.
    let streamAsked!: (request: { lastEventId: string | undefined }) => void;
    const asked = new Promise<{ lastEventId: string | undefined }>((resolve) => {
      streamAsked = resolve;
    });
    let sent!: () => void;
    const messageSent = new Promise<void>((resolve) => {
      sent = resolve;
    });
    await page.route('**/api/events*', async (route) => {
      streamAsked({ lastEventId: route.request().headers()['last-event-id'] });
      await messageSent;
      await route.continue();
    });
    await page.reload();
    const from = await page.locator('#root').getAttribute('data-events-from', { timeout: 30_000 });
    expect(from).toMatch(/^\d+$/);
    const request = await asked;
    expect(request.lastEventId).toBe(from);
    await apiAs(friend, 'POST', `/conversations/${conversation.id}/messages`, { text: 'Sent while loading' });
    sent();
    await page
      .getByText(/new message/i)
      .first()
      .waitFor({ timeout: 30_000 });
    await context.close();
  });
});

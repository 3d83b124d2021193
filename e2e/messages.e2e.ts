import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabaseEnv } from '../server/test/helpers.ts';
import { type SmtpCapture, startSmtpCapture } from '../server/test/smtp-capture.ts';
import {
  type Account,
  adminAccount,
  approvedCreatorWithPictures,
  createVerifiedAccount,
  signInContext,
  uniqueEmail,
} from './support/accounts.ts';
import { launchBrowser, openPage, useBrowser, viewports } from './support/browser.ts';
import { E2E_ADMIN_EMAIL } from './support/global-setup.ts';

const root = path.resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * This file's own server process (the shared one must not be restarted under other tests): a fixed
 * port, so the browser finds it again after the restart, and a data directory kept across it.
 */
function startServer(env: Record<string, string>): Promise<{ stop: () => Promise<void> }> {
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', SEED_DEMO: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const check = () => {
      if (!/running at http/.test(output)) return;
      clearTimeout(timer);
      resolve({
        async stop() {
          child.kill('SIGTERM');
          await exited;
        },
      });
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}

async function verifiedAccount(
  baseUrl: string,
  smtp: SmtpCapture,
  firstName: string,
  lastName: string,
): Promise<Account> {
  const email = uniqueEmail('chat');
  const password = 'tangerine-lantern-5521';
  const post = (route: string, body: object) =>
    fetch(`${baseUrl}/api${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const signup = await post('/auth/signup', { email, password, firstName, lastName, acceptTerms: true });
  if (signup.status !== 201) throw new Error(`signup ${signup.status}: ${await signup.text()}`);
  const mail = await smtp.waitFor(
    (sent) => sent.to.includes(email) && /verification code/.test(sent.subject),
    10_000,
  );
  const code = /\b(\d{6})\b/.exec(mail.subject)?.[1];
  const verified = await post('/auth/verify-email', { email, code });
  if (verified.status !== 200) throw new Error(`verify ${verified.status}: ${await verified.text()}`);
  const body = (await verified.json()) as { token: string; user: Account['user'] };
  return { email, password, token: body.token, user: body.user };
}

/** Failed requests the browser logs while the server is down on purpose; anything else fails the test. */
const unexpected = (errors: string[]) =>
  errors.filter((error) => !/Failed to load resource: net::ERR_(CONNECTION_REFUSED|FAILED)/.test(error));

async function openAs(
  browser: Browser,
  baseUrl: string,
  account: Account,
  viewport: { width: number; height: number },
): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport, colorScheme: 'light' });
  await signInContext(context, account);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`page: ${error.message}`));
  return { page, context, errors };
}

/** How many messages in the open chat read exactly `text` (each must arrive once). */
const copies = (page: Page, text: string) => page.getByRole('log').getByText(text, { exact: true }).count();

/** The delivery state of the newest message in the open chat (sending, sent, read, failed). */
const newestState = (page: Page) =>
  page.getByRole('log').locator('li').last().locator('[data-state]').getAttribute('data-state');

describe('real-time messages in two browsers', () => {
  let browser: Browser;
  let smtp: SmtpCapture;
  let database: Awaited<ReturnType<typeof freshDatabaseEnv>>;
  let dataDir: string;
  let serverEnv: Record<string, string>;
  let server: { stop: () => Promise<void> } | null = null;
  let baseUrl: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    smtp = await startSmtpCapture();
    database = await freshDatabaseEnv();
    dataDir = mkdtempSync(path.join(tmpdir(), 'fp-e2e-chat-'));
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    serverEnv = {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      ...database.env,
    };
    server = await startServer(serverEnv);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers messages live, clears the unread dot, shows the read receipt and loses nothing across a server restart', async () => {
    const ada = await verifiedAccount(baseUrl, smtp, 'Ada', 'Sender');
    const ben = await verifiedAccount(baseUrl, smtp, 'Ben', 'Receiver');
    // Ada on a phone (one pane at a time), Ben on a desktop (list and chat side by side).
    const a = await openAs(browser, baseUrl, ada, { width: 390, height: 780 });
    const b = await openAs(browser, baseUrl, ben, viewports.desktop);

    await b.page.goto('/message');
    await b.page.getByText('Select a conversation').waitFor();
    await b.page.getByText('Choose a chat from the sidebar to start messaging').waitFor();
    await b.page.getByText('No conversations yet').waitFor();

    // '/message?user=' opens the conversation with Ben; on a phone the chat fills the screen.
    await a.page.goto(`/message?user=${ben.user.id}`);
    const aComposer = a.page.getByRole('textbox', { name: 'Message Ben Receiver' });
    await aComposer.waitFor();
    expect(a.page.url()).toMatch(/\/message\?c=[0-9a-f-]{36}$/);
    expect(await a.page.getByRole('searchbox', { name: 'Search conversations' }).isVisible()).toBe(false);

    // A blank message is refused with the spec's reason; Enter sends.
    await aComposer.fill('   ');
    await aComposer.press('Enter');
    await a.page.getByText('Please write a message').waitFor();
    await aComposer.fill('Hello Ben, are you there?');
    await aComposer.press('Enter');
    expect(await aComposer.inputValue()).toBe('');

    // Ben's list gets the conversation without a reload, unread, with the badge on Messages.
    const unreadRow = b.page.getByRole('link', { name: /^Ada Sender .*Hello Ben, are you there\? Unread$/ });
    await unreadRow.waitFor({ timeout: 10_000 });
    await b.page.getByText('1 unread conversation').waitFor();
    await b.page.screenshot({ path: '/tmp/fp-messages-desktop-unread.png' });

    // Ben opens it: the dot and badge clear, and Ada sees that it was read.
    await unreadRow.click();
    const bComposer = b.page.getByRole('textbox', { name: 'Message Ada Sender' });
    await bComposer.waitFor();
    await b.page.getByRole('log').getByText('Hello Ben, are you there?', { exact: true }).waitFor();
    expect(await copies(b.page, 'Hello Ben, are you there?')).toBe(1);
    await b.page.getByRole('link', { name: /^Ada Sender .*Hello Ben, are you there\?$/ }).waitFor();
    await expect.poll(() => b.page.getByTestId('unread-dot').count()).toBe(0);
    await expect.poll(() => b.page.getByText('1 unread conversation').count()).toBe(0);
    await expect.poll(() => newestState(a.page), { timeout: 10_000 }).toBe('read');
    await a.page.getByRole('log').getByText('Seen', { exact: true }).waitFor();

    // Shift+Enter is a new line; the reply reaches Ada live.
    await bComposer.fill('Yes!');
    await bComposer.press('Shift+Enter');
    await bComposer.pressSequentially('Two lines here.');
    await bComposer.press('Enter');
    await a.page
      .getByRole('log')
      .getByText('Yes!\nTwo lines here.', { exact: true })
      .waitFor({ timeout: 10_000 });
    await a.page.screenshot({ path: '/tmp/fp-messages-phone-chat.png' });
    await b.page.screenshot({ path: '/tmp/fp-messages-desktop-chat.png' });

    // The server restarts. Both pages notice, and try again by themselves every 5 seconds.
    await server?.stop();
    server = null;
    await a.page.locator('[data-stream-status="disconnected"]').waitFor({ state: 'attached' });
    await b.page.locator('[data-stream-status="disconnected"]').waitFor({ state: 'attached' });
    await b.page.getByText('Offline. Reconnecting…').waitFor();
    // Ben's page stays offline until Ada's next message is stored, so it can only arrive by replay.
    await b.context.route('**/api/events**', (route) => route.abort());
    server = await startServer(serverEnv);

    await a.page.locator('[data-stream-status="connected"]').waitFor({ state: 'attached', timeout: 15_000 });
    await aComposer.fill('Sent while you were away');
    await aComposer.press('Enter');
    await expect.poll(() => newestState(a.page), { timeout: 10_000 }).toBe('sent');
    expect(await b.page.locator('[data-stream-status="connected"]').count()).toBe(0);
    expect(await copies(b.page, 'Sent while you were away')).toBe(0);

    // Once reconnected, Ben's page refetches the open chat: the last answer that could add a copy.
    const chatRefetched = b.page.waitForResponse(
      (response) =>
        response.request().method() === 'GET' &&
        /^\/api\/conversations\/[^/]+\/messages$/.test(new URL(response.url()).pathname),
      { timeout: 15_000 },
    );
    await b.context.unroute('**/api/events**');
    await b.page.locator('[data-stream-status="connected"]').waitFor({ state: 'attached', timeout: 15_000 });
    await b.page.getByRole('log').getByText('Sent while you were away', { exact: true }).waitFor();
    // Ben had the chat open, so the replayed message is read at once, and Ada sees it.
    await expect.poll(() => newestState(a.page), { timeout: 10_000 }).toBe('read');

    // Nothing lost, nothing twice, on either side (the replay and the refetch after it overlap).
    await (await chatRefetched).finished();
    await b.page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    for (const page of [a.page, b.page]) {
      expect(await copies(page, 'Hello Ben, are you there?')).toBe(1);
      expect(await copies(page, 'Yes!\nTwo lines here.')).toBe(1);
      expect(await copies(page, 'Sent while you were away')).toBe(1);
    }

    // On the phone the back button returns to the list, which shows the conversation as read.
    await a.page.getByRole('link', { name: 'Back to conversations' }).click();
    await a.page.getByRole('link', { name: /^Ben Receiver .*You: Sent while you were/ }).waitFor();
    await a.page.screenshot({ path: '/tmp/fp-messages-phone-list.png' });

    expect(unexpected(a.errors)).toEqual([]);
    expect(unexpected(b.errors)).toEqual([]);
    await a.context.close();
    await b.context.close();
  }, 150_000);

  it("blocks from the chat header: the other side's open chat says at once that writing is over", async () => {
    const cara = await verifiedAccount(baseUrl, smtp, 'Cara', 'Blocker');
    const dan = await verifiedAccount(baseUrl, smtp, 'Dan', 'Blocked');
    const c = await openAs(browser, baseUrl, cara, viewports.desktop);
    const d = await openAs(browser, baseUrl, dan, { width: 390, height: 780 });

    await d.page.goto(`/message?user=${cara.user.id}`);
    const dComposer = d.page.getByRole('textbox', { name: 'Message Cara Blocker' });
    await dComposer.fill('Hi Cara');
    await dComposer.press('Enter');
    await expect.poll(() => newestState(d.page), { timeout: 10_000 }).toBe('sent');

    await c.page.goto('/message');
    await c.page.getByRole('link', { name: /^Dan Blocked .*Hi Cara.* Unread$/ }).click();
    await c.page.getByRole('log').getByText('Hi Cara', { exact: true }).waitFor();
    // The other person's message can be reported from the chat; one's own cannot.
    expect(await c.page.getByRole('log').getByRole('button', { name: 'Report message' }).count()).toBe(1);

    await c.page.getByRole('button', { name: 'More options for Dan Blocked' }).click();
    await c.page.getByRole('menuitem', { name: 'Block Dan Blocked' }).click();
    const dialog = c.page.getByRole('dialog', { name: 'Block Dan Blocked?' });
    await dialog.getByRole('button', { name: 'Block' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Cara's own chat gives way to the server's reason too.
    await c.page.getByText('You cannot message this person').waitFor();
    expect(await c.page.getByRole('textbox', { name: 'Message Dan Blocked' }).count()).toBe(0);

    // Dan's chat, open all along on his phone, loses its composer and says why, without a reload.
    await d.page.getByText('You cannot message this person').waitFor({ timeout: 10_000 });
    expect(await dComposer.count()).toBe(0);
    await d.page.screenshot({ path: '/tmp/fp-messages-blocked-phone.png' });

    expect(unexpected(c.errors)).toEqual([]);
    expect(unexpected(d.errors)).toEqual([]);
    await c.context.close();
    await d.context.close();
  }, 60_000);
});

describe('notifications and who may write, in a browser', () => {
  const browser = useBrowser();

  it('rings the bell when a fan follows, and tells a fan why a subscribers-only creator cannot be messaged', async () => {
    const admin = await adminAccount(E2E_ADMIN_EMAIL);
    const handle = `lens_${Date.now().toString(36)}`;
    const { account: creatorAccount } = await approvedCreatorWithPictures(
      admin,
      { handle, displayName: 'Mira Lens', avatar: '#8e44ad', banner: '#16a085' },
      { firstName: 'Mira', lastName: 'Okafor' },
    );
    const fanAccount = await createVerifiedAccount(undefined, { firstName: 'Femi', lastName: 'Fan' });

    // The creator takes messages from subscribers only, from a switch on the Messages page.
    const creator = await openPage(browser(), { viewport: viewports.desktop });
    await signInContext(creator.context, creatorAccount);
    await creator.page.goto('/message');
    const onlySubscribers = creator.page.getByRole('switch', { name: 'Messages from subscribers only' });
    await onlySubscribers.click();
    await creator.page.getByText('Only your subscribers can message you now').waitFor();
    await expect.poll(() => onlySubscribers.getAttribute('aria-checked')).toBe('true');
    // By attribute: while the menu is open, Radix hides the rest of the page from the accessibility tree.
    const bell = creator.page.locator('header button[aria-label^="Notifications"]');
    expect(await bell.getAttribute('aria-label')).toBe('Notifications');

    // A fan follows from the profile: the creator's bell counts it at once, with a toast.
    const fan = await openPage(browser(), { viewport: viewports.mobile });
    await signInContext(fan.context, fanAccount);
    await fan.page.goto(`/public-profile/${handle}`);
    await fan.page.getByRole('button', { name: /^follow/i }).click();
    await creator.page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor({ timeout: 10_000 });
    await creator.page.getByText('Femi Fan followed you').first().waitFor();

    // Opening the list shows it and marks it read.
    await creator.page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    const menu = creator.page.getByRole('menu');
    await menu.getByRole('menuitem', { name: /Femi Fan followed you/ }).waitFor();
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications');
    await creator.page.screenshot({ path: '/tmp/fp-notifications-menu.png' });
    await creator.page.keyboard.press('Escape');

    // The fan's Message button opens the conversation, which says why there is no composer.
    await fan.page.getByRole('link', { name: 'Message Mira Lens' }).click();
    const note = fan.page.getByRole('note');
    await note
      .getByText('Mira Lens only accepts messages from subscribers. Subscribe to message them.')
      .waitFor();
    await note.getByRole('link', { name: 'Subscribe' }).waitFor();
    expect(await fan.page.getByRole('textbox', { name: /^Message/ }).count()).toBe(0);
    await fan.page.screenshot({ path: '/tmp/fp-messages-phone-refused.png' });

    expect(creator.errors).toEqual([]);
    expect(fan.errors).toEqual([]);
    await creator.context.close();
    await fan.context.close();
  }, 120_000);
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ChatMessage, Conversation } from '../common/schemas/messages.ts';
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

const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]', { hasText: text }).first();

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

/** The tip bubbles in the open chat (their marker names the amount). */
const tips = (page: Page, amount: string) =>
  page.getByRole('log').getByText(`Tip of ${amount}`, { exact: true });

describe('tips in a browser', () => {
  const browser = useBrowser();

  it('a fan tips from a chat on a phone through the sandbox checkout; the creator sees the tip arrive live', async () => {
    const admin = await adminAccount(E2E_ADMIN_EMAIL);
    const handle = `tessa${Date.now().toString(36)}`;
    const { account: creatorAccount } = await approvedCreatorWithPictures(
      admin,
      { handle, displayName: 'Tessa Quill', avatar: '#db2777', banner: '#14b8a6' },
      { firstName: 'Tessa', lastName: 'Quill' },
    );
    const fanAccount = await createVerifiedAccount(undefined, { firstName: 'Ines', lastName: 'Duarte' });
    // They already talk: the fan wrote first.
    const conversation = await api<Conversation>(fanAccount, 'POST', '/conversations', {
      userId: creatorAccount.user.id,
    });
    await api<ChatMessage>(fanAccount, 'POST', `/conversations/${conversation.id}/messages`, {
      text: 'Your harbour series is wonderful',
      clientId: `hello-${Date.now()}`,
    });
    const chatPath = `/message?c=${conversation.id}`;

    // The creator has the chat open, on a desktop, and stays on the page throughout.
    const creator = await openPage(browser(), { viewport: viewports.desktop });
    await signInContext(creator.context, creatorAccount);
    await creator.page.goto(chatPath);
    await creator.page.getByRole('log').getByText('Your harbour series is wonderful').waitFor();
    await creator.page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    // Nobody tips themselves: the creator's side of the chat has no Tip button.
    expect(await creator.page.getByRole('button', { name: /^Tip / }).count()).toBe(0);

    // The fan, on a phone, opens the tip dialog from the chat header.
    const fan = await openPage(browser(), { viewport: phone });
    await signInContext(fan.context, fanAccount);
    await fan.page.goto(chatPath);
    await fan.page.getByRole('log').getByText('Your harbour series is wonderful').waitFor();
    await fan.page.getByRole('button', { name: 'Tip Tessa Quill' }).click();
    const dialog = fan.page.getByRole('dialog', { name: 'Tip Tessa Quill' });
    await dialog.getByText('From $1 to $200.').waitFor();
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= phone.width && box.y >= 0).toBe(true);

    // The keyboard alone: the amount has the caret; too little is refused with the server's words.
    const amount = dialog.getByLabel('Amount (USD)');
    await expect.poll(() => amount.evaluate((input) => input === document.activeElement)).toBe(true);
    await fan.page.keyboard.type('0.50');
    await fan.page.keyboard.press('Enter');
    await dialog.getByRole('alert').getByText('The smallest tip is $1').waitFor();
    await amount.fill('');
    await fan.page.keyboard.type('5');
    await fan.page.keyboard.press('Tab');
    await fan.page.keyboard.press('Tab');
    const note = dialog.getByLabel('Note (optional)');
    await note.focus();
    await fan.page.keyboard.type('For the next trip to the coast');
    await dialog.getByText('30/500').waitFor();
    if (screenshots) await fan.page.screenshot({ path: `${screenshots}/tip-dialog-phone.png` });
    await dialog.getByRole('button', { name: 'Send $5 tip' }).click();

    // The sandbox's own checkout page, then back to the chat.
    await fan.page.waitForURL((url) => url.pathname.startsWith('/api/payments/sandbox/checkout/'));
    await fan.page.getByText('TEST MODE').waitFor();
    // Until the provider confirms, the creator has nothing.
    expect(await tips(creator.page, '$5.00').count()).toBe(0);
    await fan.page.getByRole('button', { name: /^Pay .*5\.00$/ }).click();
    await fan.page.waitForURL(
      (url) => url.pathname === '/message' && url.searchParams.get('c') === conversation.id,
    );
    await toast(fan.page, 'Tip sent').waitFor();
    await fan.page.waitForURL((url) => !url.searchParams.has('reference'));
    await tips(fan.page, '$5.00').waitFor();
    await fan.page.getByRole('log').getByText('For the next trip to the coast').waitFor();
    if (screenshots) await fan.page.screenshot({ path: `${screenshots}/tip-sent-phone.png` });

    // The creator sees it arrive without a reload, once, with the note, and in the bell.
    await tips(creator.page, '$5.00').waitFor();
    await creator.page.getByRole('log').getByText('For the next trip to the coast').waitFor();
    expect(await tips(creator.page, '$5.00').count()).toBe(1);
    expect(await creator.page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await creator.page.getByRole('button', { name: /Notifications, 1 unread/ }).waitFor();
    if (screenshots) await creator.page.screenshot({ path: `${screenshots}/tip-received.png` });
    expect(await tips(fan.page, '$5.00').count()).toBe(1);

    expect(fan.errors).toEqual([]);
    expect(creator.errors).toEqual([]);
    await fan.context.close();
    await creator.context.close();
  });
});

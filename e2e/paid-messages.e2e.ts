import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Conversation, MessagePage } from '../common/schemas/messages.ts';
import {
  adminAccount,
  apiAs,
  approvedCreatorWithPictures,
  createVerifiedAccount,
  signInContext,
} from './support/accounts.ts';
import { openPage, useBrowser, viewports } from './support/browser.ts';
import { solidPng } from './support/fixtures.ts';
import { E2E_ADMIN_EMAIL } from './support/global-setup.ts';

const screenshots = process.env.E2E_SCREENSHOTS;
/** A phone 390 px wide. */
const phone = { width: 390, height: 844 };

/** Every media file the page asks for, as `<media id>/<variant>`. */
function mediaRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request: Request) => {
    const match = /\/api\/media\/([0-9a-f-]{36})\/([^?]+)/.exec(new URL(request.url()).pathname);
    if (match) seen.push(`${match[1]}/${match[2]}`);
  });
  return seen;
}

describe('pay-per-view messages in a browser', () => {
  const browser = useBrowser();

  it('a creator sends photos for a price from the chat; the fan sees only blurred previews until the sandbox payment, then the originals', async () => {
    const admin = await adminAccount(E2E_ADMIN_EMAIL);
    const handle = `lumen${Date.now().toString(36)}`;
    const { account: creatorAccount } = await approvedCreatorWithPictures(
      admin,
      { handle, displayName: 'Lumen Okafor', avatar: '#7c3aed', banner: '#0891b2' },
      { firstName: 'Lumen', lastName: 'Okafor' },
    );
    const fanAccount = await createVerifiedAccount(undefined, { firstName: 'Rui', lastName: 'Tavares' });
    const conversation = await apiAs<Conversation>(fanAccount, 'POST', '/conversations', {
      userId: creatorAccount.user.id,
    });
    await apiAs(fanAccount, 'POST', `/conversations/${conversation.id}/messages`, {
      text: 'Any new shots from the lighthouse?',
      clientId: `ask-${Date.now()}`,
    });
    const chatPath = `/message?c=${conversation.id}`;

    // The creator attaches two new photos in the chat, sets a price and sends.
    const creator = await openPage(browser(), { viewport: viewports.desktop });
    await signInContext(creator.context, creatorAccount);
    await creator.page.goto(chatPath);
    await creator.page.getByRole('log').getByText('Any new shots from the lighthouse?').waitFor();
    await creator.page.getByRole('button', { name: 'Attach photos or videos' }).click();
    await creator.page.getByLabel('Choose photos or videos to attach').setInputFiles([
      { name: 'dusk.png', mimeType: 'image/png', buffer: await solidPng(900, 600, '#1e3a8a') },
      { name: 'dawn.png', mimeType: 'image/png', buffer: await solidPng(600, 900, '#f59e0b') },
    ]);
    await creator.page
      .getByRole('list', { name: 'Attached photos and videos, in order' })
      .getByRole('listitem')
      .nth(1)
      .waitFor();
    const price = creator.page.getByLabel('Price to unlock (optional)');
    await price.fill('0.50');
    await creator.page.getByLabel('Message Rui Tavares').fill('Two from last night');
    await creator.page.getByRole('button', { name: 'Send message' }).click();
    await creator.page.getByRole('alert').getByText('The price must be between $1 and $500').waitFor();
    await price.fill('3');
    if (screenshots) await creator.page.screenshot({ path: `${screenshots}/paid-message-compose.png` });
    await creator.page.getByRole('button', { name: 'Send message' }).click();
    const sent = creator.page.getByRole('log').getByText('Pay-per-view, $3');
    await sent.waitFor({ timeout: 30_000 });
    await creator.page.getByRole('log').getByText('Two from last night').waitFor();

    // Wait until both photos are processed (their blurred previews exist) before the fan looks.
    let messageId = '';
    await expect
      .poll(
        async () => {
          const page = await apiAs<MessagePage>(
            fanAccount,
            'GET',
            `/conversations/${conversation.id}/messages`,
          );
          const paid = page.items.find((message) => message.attachment);
          messageId = paid?.id ?? '';
          return paid?.attachment?.items.filter((item) => item.urls.preview !== null).length;
        },
        { timeout: 45_000, interval: 500 },
      )
      .toBe(2);

    // The fan, on a phone: blurred previews, what is inside, the price. Nothing but previews is fetched.
    const fan = await openPage(browser(), { viewport: phone });
    await signInContext(fan.context, fanAccount);
    const fetched = mediaRequests(fan.page);
    await fan.page.goto(chatPath);
    const log = fan.page.getByRole('log');
    await log.getByText('Two from last night').waitFor();
    await log.getByRole('list', { name: 'Locked: 2 photos' }).waitFor();
    await expect.poll(() => log.getByRole('img', { name: /Photo \d of 2, locked/ }).count()).toBe(2);
    const unlock = log.getByRole('button', { name: 'Unlock for $3' });
    await unlock.waitFor();
    await expect
      .poll(() => fetched.filter((path) => path.endsWith('/preview')).length, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(2);
    const previewsOnly = fetched.filter((path) => !path.endsWith('/preview'));
    // Before paying only the avatars (public) may load, never a rendition of the message's photos.
    const locked = await apiAs<MessagePage>(fanAccount, 'GET', `/conversations/${conversation.id}/messages`);
    const itemIds = locked.items
      .find((message) => message.id === messageId)
      ?.attachment?.items.map((i) => i.id);
    expect(itemIds).toHaveLength(2);
    for (const path of previewsOnly) for (const id of itemIds ?? []) expect(path.startsWith(id)).toBe(false);
    if (screenshots) await fan.page.screenshot({ path: `${screenshots}/paid-message-locked-phone.png` });

    // Unlock: the sandbox's checkout, then back to the chat with the originals.
    await unlock.click();
    await fan.page.waitForURL((url) => url.pathname.startsWith('/api/payments/sandbox/checkout/'));
    await fan.page.getByRole('button', { name: /^Pay .*3\.00$/ }).click();
    await fan.page.waitForURL(
      (url) => url.pathname === '/message' && url.searchParams.get('c') === conversation.id,
    );
    await fan.page
      .locator('[data-sonner-toast]', { hasText: 'Payment verified successfully' })
      .first()
      .waitFor();
    await log.getByRole('list', { name: '2 photos' }).waitFor();
    await log.getByText('Unlocked for $3').waitFor();
    expect(await log.getByRole('img', { name: /locked/ }).count()).toBe(0);
    await expect
      .poll(
        () =>
          fetched.filter(
            (path) => (itemIds ?? []).some((id) => path.startsWith(`${id}/`)) && !path.endsWith('/preview'),
          ).length,
        { timeout: 10_000 },
      )
      .toBeGreaterThanOrEqual(2);
    await expect
      .poll(() =>
        log
          .getByRole('img', { name: /^Photo \d of 2$/ })
          .evaluateAll((images) =>
            (images as HTMLImageElement[]).every((image) => image.complete && image.naturalWidth > 0),
          ),
      )
      .toBe(true);
    if (screenshots) await fan.page.screenshot({ path: `${screenshots}/paid-message-unlocked-phone.png` });

    // The Purchased tab keeps it.
    await fan.page.goto('/private-profile');
    await fan.page.getByRole('tab', { name: /Purchased \(1\)/ }).waitFor();
    await fan.page.getByRole('heading', { name: 'Messages you unlocked' }).waitFor();
    await fan.page.getByText('Two from last night').waitFor();
    await fan.page.getByRole('link', { name: 'Open the conversation' }).waitFor();

    // The creator's bell.
    await creator.page.getByRole('button', { name: /Notifications, 1 unread/ }).waitFor();
    await creator.context.close();
    await fan.context.close();
  });
});

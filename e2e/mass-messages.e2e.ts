import { describe, expect, it } from 'vitest';
import type { Conversation } from '../common/schemas/messages.ts';
import {
  adminAccount,
  apiAs,
  approvedCreatorWithPictures,
  createVerifiedAccount,
  signInContext,
} from './support/accounts.ts';
import { openPage, useBrowser, viewports } from './support/browser.ts';
import { E2E_ADMIN_EMAIL } from './support/global-setup.ts';

const screenshots = process.env.E2E_SCREENSHOTS;
const phone = { width: 390, height: 844 };

describe('mass messages in a browser', () => {
  const browser = useBrowser();

  it("a creator writes to all followers from the Mass messages page; three fans' open chats get it live", async () => {
    const admin = await adminAccount(E2E_ADMIN_EMAIL);
    const handle = `mara${Date.now().toString(36)}`;
    const { account: creatorAccount } = await approvedCreatorWithPictures(
      admin,
      { handle, displayName: 'Mara Velde', avatar: '#be123c', banner: '#0369a1' },
      { firstName: 'Mara', lastName: 'Velde' },
    );
    const fans = await Promise.all(
      ['Ana', 'Bo', 'Cy'].map((name) =>
        createVerifiedAccount(undefined, { firstName: name, lastName: 'Fan' }),
      ),
    );
    // Each fan follows her and already has their chat with her open in a browser.
    const fanPages = [];
    for (const fanAccount of fans) {
      await apiAs(fanAccount, 'POST', `/creators/${handle}/follow`);
      const conversation = await apiAs<Conversation>(fanAccount, 'POST', '/conversations', {
        userId: creatorAccount.user.id,
      });
      const opened = await openPage(browser(), { viewport: phone });
      await signInContext(opened.context, fanAccount);
      await opened.page.goto(`/message?c=${conversation.id}`);
      await opened.page.getByLabel('Message Mara Velde').waitFor();
      fanPages.push(opened);
    }

    // The creator goes to Mass messages from the Messages page.
    const creator = await openPage(browser(), { viewport: viewports.desktop });
    await signInContext(creator.context, creatorAccount);
    await creator.page.goto('/message');
    await creator.page.getByRole('link', { name: 'Mass message' }).click();
    await creator.page.getByRole('heading', { name: 'Mass messages', level: 1 }).waitFor();
    // Nobody subscribes yet: the form says so instead of sending to no one.
    await creator.page.getByRole('radio', { name: /All active subscribers/ }).check();
    await creator.page.getByLabel('Message', { exact: true }).fill('Live tonight at nine!');
    await creator.page.getByRole('button', { name: 'Send to 0 fans' }).click();
    await creator.page
      .getByRole('alert')
      .getByText('No one to send this to: this audience is empty right now.')
      .waitFor();
    await creator.page.getByRole('radio', { name: /All followers/ }).check();
    await creator.page.getByText('3 fans', { exact: true }).first().waitFor();
    if (screenshots) await creator.page.screenshot({ path: `${screenshots}/mass-message-form.png` });
    await creator.page.getByRole('button', { name: 'Send to 3 fans' }).click();
    await creator.page.locator('[data-sonner-toast]', { hasText: 'Sending to 3 fans' }).first().waitFor();

    // Each fan's open chat shows it without a reload.
    for (const { page } of fanPages) {
      await page.getByRole('log').getByText('Live tonight at nine!').waitFor({ timeout: 15_000 });
    }
    if (screenshots)
      await fanPages[0]?.page.screenshot({ path: `${screenshots}/mass-message-fan-phone.png` });

    // The creator's history: three recipients. The fans had the chat open, so all three read it.
    const sent = creator.page.getByRole('list', { name: 'Your mass messages' }).getByRole('listitem').first();
    await sent.getByText('All followers').waitFor();
    await expect.poll(async () => sent.locator('dd').first().textContent(), { timeout: 15_000 }).toBe('3');
    await expect
      .poll(
        async () =>
          (await apiAs<{ items: { viewed: number }[] }>(creatorAccount, 'GET', '/mass-messages')).items[0]
            ?.viewed,
        { timeout: 15_000 },
      )
      .toBe(3);
    await creator.page.reload();
    await expect.poll(async () => sent.locator('dd').nth(1).textContent(), { timeout: 15_000 }).toBe('3');
    if (screenshots) await creator.page.screenshot({ path: `${screenshots}/mass-message-history.png` });

    for (const { context } of fanPages) await context.close();
    await creator.context.close();
  });
});

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { CheckoutResponse } from '../common/schemas/fan-payments.ts';
import type { PostView } from '../common/schemas/posts.ts';
import { scene } from '../server/test/scenes.ts';
import {
  adminAccount,
  apiAs,
  approvedCreatorWithPictures,
  createVerifiedAccount,
  signInContext,
  uploadPostMedia,
} from './support/accounts.ts';
import { baseUrl, openPage, useBrowser, viewports } from './support/browser.ts';
import { E2E_ADMIN_EMAIL } from './support/global-setup.ts';

const screenshots = process.env.E2E_SCREENSHOTS;

describe('leak protection in a browser', () => {
  const browser = useBrowser();

  it('a creator traces a leaked copy to the subscriber it was delivered to and opens a takedown, on a phone', async () => {
    const admin = await adminAccount(E2E_ADMIN_EMAIL);
    const handle = `nova${Date.now().toString(36)}`;
    const { account: creatorAccount } = await approvedCreatorWithPictures(admin, {
      handle,
      displayName: 'Nova Reyes',
      avatar: '#0f766e',
      banner: '#1d4ed8',
    });

    // A subscribers' photo post.
    const mediaId = await uploadPostMedia(creatorAccount, await scene(77, 1200, 900), {
      filename: 'harbour.jpg',
      filetype: 'image/jpeg',
    });
    let post: PostView | undefined;
    await expect
      .poll(
        async () => {
          const response = await fetch(`${baseUrl()}/api/posts`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${creatorAccount.token}` },
            body: JSON.stringify({ description: 'Harbour at dusk', mediaId, visibility: 'subscribers' }),
          });
          if (response.status === 201) post = (await response.json()) as PostView;
          return response.status;
        },
        { timeout: 45_000, interval: 500 },
      )
      .toBe(201);

    // A fan subscribes through the sandbox checkout and is given the photo.
    const fanAccount = await createVerifiedAccount(undefined, { firstName: 'Iris', lastName: 'Lamb' });
    const checkout = await apiAs<CheckoutResponse>(fanAccount, 'POST', `/creators/${handle}/subscribe`, {
      plan: 'monthly',
    });
    const paid = await fetch(`${baseUrl()}${checkout.authorization_url}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    await apiAs(fanAccount, 'POST', '/fan-payments/verify', { reference: checkout.reference });
    let delivered: Buffer | null = null;
    await expect
      .poll(
        async () => {
          const view = await apiAs<PostView>(fanAccount, 'GET', `/posts/${post?.id}`);
          const source = (view.media?.urls.sources ?? []).filter((s) => s.type === 'image/webp').at(-1);
          if (!source) return false;
          const file = await fetch(new URL(source.url, baseUrl()));
          if (file.status !== 200) return false;
          delivered = Buffer.from(await file.arrayBuffer());
          return true;
        },
        { timeout: 45_000, interval: 500 },
      )
      .toBe(true);
    // What the fan posts elsewhere: a cropped, smaller JPEG.
    const leaked = await sharp(delivered as unknown as Buffer)
      .extract({ left: 40, top: 30, width: 1100, height: 820 })
      .resize({ width: 700 })
      .jpeg({ quality: 70 })
      .toBuffer();

    // The creator, on a phone: Trace a leak, then a takedown from its answer.
    const { page, context, errors } = await openPage(browser(), { viewport: viewports.mobile });
    await signInContext(context, creatorAccount);
    await page.goto('/trace-leak');
    await page.getByRole('heading', { name: 'Trace a leak' }).waitFor();
    await page.getByText('None yet. Trace a copy above to open one.').waitFor();
    await page.getByLabel('The copy you found').setInputFiles({
      name: 'found.jpg',
      mimeType: 'image/jpeg',
      buffer: leaked,
    });
    await page.getByRole('button', { name: 'Trace this copy' }).click();
    const outcome = page.getByRole('region', { name: 'What the trace found' });
    await outcome.getByText(/^This copy was delivered to Iris Lamb on /).waitFor({ timeout: 30_000 });
    if (screenshots) await page.screenshot({ path: `${screenshots}/trace-found-phone.png`, fullPage: true });

    await page.getByRole('button', { name: 'Open a takedown' }).click();
    await page
      .getByRole('alert')
      .getByText(/full address/)
      .waitFor();
    await page.getByLabel('Where did you find it?').fill(`https://leaks.example.net/${handle}/harbour`);
    await page.getByRole('button', { name: 'Open a takedown' }).click();
    const notice = page.getByRole('textbox', { name: 'Notice to send to the host' }).first();
    await notice.waitFor();
    const text = await notice.inputValue();
    expect(text).toContain(`https://leaks.example.net/${handle}/harbour`);
    expect(text).toContain(`/post/${post?.id}`);
    expect(text).not.toContain(fanAccount.email);
    const list = page.getByRole('list', { name: 'Your takedowns' });
    const item = list.getByRole('listitem').filter({ hasText: `leaks.example.net/${handle}/harbour` });
    await item.getByText(/traced to Iris Lamb/).waitFor();
    await item.getByLabel('Where it stands').selectOption('sent');
    await expect
      .poll(
        async () =>
          (await apiAs<{ items: { status: string }[] }>(creatorAccount, 'GET', '/takedowns')).items[0]
            ?.status,
      )
      .toBe('sent');
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    if (screenshots) await page.screenshot({ path: `${screenshots}/takedown-phone.png`, fullPage: true });
    expect(errors).toEqual([]);
    await context.close();

    // An admin, on a phone, finds the takedown from the account menu and suspends the traced fan.
    const moderator = await openPage(browser(), { viewport: viewports.mobile });
    await signInContext(moderator.context, admin);
    await moderator.page.goto('/');
    await moderator.page.getByRole('button', { name: /^Account menu for/ }).click();
    await moderator.page.getByRole('menuitem', { name: 'Takedowns' }).click();
    await moderator.page.waitForURL((url) => url.pathname === '/admin/takedowns');
    const card = moderator.page.getByRole('article', { name: `https://leaks.example.net/${handle}/harbour` });
    await card.getByText('Sent to the host', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Suspend Iris Lamb' }).click();
    const confirm = moderator.page.getByRole('dialog', { name: 'Suspend Iris Lamb?' });
    if (screenshots) await moderator.page.screenshot({ path: `${screenshots}/takedown-suspend-phone.png` });
    await confirm.getByRole('button', { name: 'Suspend account' }).click();
    await card.getByText('Suspended', { exact: true }).waitFor();
    expect(await card.getByRole('button', { name: 'Suspend Iris Lamb' }).count()).toBe(0);
    // The fan's session has ended.
    const me = await fetch(`${baseUrl()}/api/auth/profile`, {
      headers: { authorization: `Bearer ${fanAccount.token}` },
    });
    expect(me.status).toBe(401);
    expect(
      await moderator.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth),
    ).toBe(false);
    if (screenshots)
      await moderator.page.screenshot({ path: `${screenshots}/takedowns-admin-phone.png`, fullPage: true });
    expect(moderator.errors).toEqual([]);
    await moderator.context.close();
  });
});

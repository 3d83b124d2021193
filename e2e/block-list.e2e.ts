import { describe, expect, it } from 'vitest';
import { blockListMessages } from '../common/schemas/block-list.ts';
import { hashImage } from '../server/services/media/fingerprints.ts';
import { scene } from '../server/test/scenes.ts';
import { adminAccount, approvedCreatorWithPictures, signInContext } from './support/accounts.ts';
import { openPage, useBrowser, viewports } from './support/browser.ts';
import { E2E_ADMIN_EMAIL } from './support/global-setup.ts';

const shots = process.env.E2E_SCREENSHOTS;

/** Console errors other than Chromium's line for the 4xx answer the test provokes on purpose. */
const unexpected = (errors: string[]) =>
  errors.filter(
    (error) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(error),
  );

describe('re-upload blocking in a browser', () => {
  const browser = useBrowser();

  it('an admin adds a known hash on a phone; a creator uploading that photo is refused in words; the admin sees who tried', async () => {
    const suffix = Date.now().toString(36);
    const admin = await adminAccount(E2E_ADMIN_EMAIL);
    const picture = await scene(Number.parseInt(suffix.slice(-6), 36));
    const { hash } = await hashImage(picture);

    const moderator = await openPage(browser(), { viewport: viewports.mobile });
    await signInContext(moderator.context, admin);
    const { page } = moderator;
    await page.goto('/');
    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Block list' }).click();
    await page.getByRole('heading', { name: 'Block list', level: 1 }).waitFor();
    const form = page.getByRole('form', { name: 'Add a hash' });
    await form.getByLabel('PDQ hash').fill(hash);
    await form.getByLabel('Note').fill(`Known material ${suffix}`);
    await form.getByRole('button', { name: 'Add to block list' }).click();
    await page
      .getByRole('article')
      .filter({ hasText: `Known material ${suffix}` })
      .waitFor();
    if (shots) await page.screenshot({ path: `${shots}/block-list-phone.png`, fullPage: true });

    const { account: creatorAccount } = await approvedCreatorWithPictures(admin, {
      handle: `blocked_${suffix}`,
      displayName: 'Bo Blocked',
      avatar: '#16a085',
      banner: '#2c3e50',
    });
    const creator = await openPage(browser(), { viewport: viewports.desktop });
    await signInContext(creator.context, creatorAccount);
    await creator.page.goto('/post-content');
    await creator.page.getByRole('textbox', { name: 'Description' }).fill(`Reposted ${suffix}`);
    await creator.page
      .getByLabel('Choose a photo')
      .setInputFiles({ name: 'repost.jpg', mimeType: 'image/jpeg', buffer: picture });
    await creator.page.getByRole('button', { name: 'Post Content' }).click();
    await creator.page.getByText(blockListMessages.mediaBlocked).first().waitFor();
    expect(unexpected(creator.errors)).toEqual([]);

    await page.getByRole('radio', { name: 'Refused uploads' }).click();
    await page.getByText(`${creatorAccount.email} tried to upload a photo`).waitFor();
    if (shots) await page.screenshot({ path: `${shots}/block-list-refusals-phone.png`, fullPage: true });
    expect(unexpected(moderator.errors)).toEqual([]);
  });
});

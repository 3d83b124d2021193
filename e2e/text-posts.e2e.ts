import { describe, expect, it } from 'vitest';
import type { PostView } from '../common/schemas/posts.ts';
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

describe('text posts in a browser', () => {
  const browser = useBrowser();

  it('a creator writes a text post and a locked one; a fan reads the first in the feed and sees only a locked card for the other', async () => {
    const suffix = Date.now().toString(36);
    const handle = `amara_${suffix}`;
    const admin = await adminAccount(E2E_ADMIN_EMAIL);
    const { account: creatorAccount } = await approvedCreatorWithPictures(
      admin,
      { handle, displayName: 'Amara Diallo', avatar: '#8e44ad', banner: '#2c3e50' },
      { firstName: 'Amara', lastName: 'Diallo' },
    );

    // The creator writes a post with no photo or video: only text.
    const creator = await openPage(browser(), { viewport: viewports.desktop });
    await signInContext(creator.context, creatorAccount);
    const { page } = creator;
    await page.goto('/post-ccontent');
    const openText = `Rehearsal went long tonight, but the new song finally clicks. Thank you all for waiting ${suffix}`;
    await page.getByRole('textbox', { name: 'Description' }).fill(openText);
    if (screenshots) await page.screenshot({ path: `${screenshots}/text-post-composer.png`, fullPage: true });
    await page.getByRole('button', { name: 'Post Content' }).click();
    const success = page.getByRole('dialog', { name: 'Your content has been uploaded successfully' });
    await success.waitFor();
    await success.getByRole('button', { name: 'Post something else' }).click();
    await success.waitFor({ state: 'detached' });

    // Then a text post locked behind a one-time price.
    const secretText = `The full lyrics of the new song, line by line ${suffix}`;
    await page.getByText('Locked Content', { exact: true }).click();
    await page.getByText('One-Time Payment', { exact: true }).click();
    await page.getByRole('textbox', { name: 'Charge amount (USD)' }).fill('3');
    await page.getByRole('textbox', { name: 'Description' }).fill(secretText);
    await page.getByRole('button', { name: 'Post Content' }).click();
    await success.waitFor();
    expect(creator.errors).toEqual([]);

    // A fan who follows the creator opens the home feed on a phone.
    const fanAccount = await createVerifiedAccount(undefined, { firstName: 'Ines', lastName: 'Costa' });
    await apiAs(fanAccount, 'POST', `/creators/${handle}/follow`);
    const fan = await openPage(browser(), { viewport: phone });
    await signInContext(fan.context, fanAccount);
    const answers: string[] = [];
    fan.page.on('response', async (response) => {
      if (response.url().includes('/api/')) answers.push(await response.text().catch(() => ''));
    });
    await fan.page.goto('/');
    const openCard = fan.page.getByRole('article').filter({ hasText: openText });
    await openCard.waitFor();
    // The text is the card's body: no media box, no image, no video.
    expect(await openCard.locator('img:not([alt=""]), video, iframe').count()).toBe(0);
    const lockedCard = fan.page.getByRole('article').filter({ hasText: 'Locked post · $3' });
    await lockedCard.getByRole('button', { name: 'Unlock for $3' }).waitFor();
    expect(await fan.page.getByText(secretText).count()).toBe(0);
    expect(answers.some((body) => body.includes(secretText))).toBe(false);
    // The text stays inside the phone's width.
    const box = await openCard.boundingBox();
    expect(box && box.width <= phone.width).toBe(true);
    if (screenshots)
      await fan.page.screenshot({ path: `${screenshots}/text-post-feed-phone.png`, fullPage: true });

    // The unlock button is reachable by keyboard and opens the price.
    await lockedCard.getByRole('button', { name: 'Unlock for $3' }).focus();
    await fan.page.keyboard.press('Enter');
    await fan.page.getByRole('dialog', { name: 'Unlock for $3' }).waitFor();
    await fan.page.keyboard.press('Escape');

    // On a desktop: the profile and the post's own page.
    await fan.page.setViewportSize(viewports.desktop);
    await fan.page.goto(`/public-profile/${handle}`);
    await fan.page.getByRole('tab', { name: /^Posts/ }).click();
    await fan.page.getByRole('article').filter({ hasText: openText }).waitFor();
    await fan.page.getByRole('button', { name: 'Unlock for $3' }).waitFor();
    if (screenshots)
      await fan.page.screenshot({ path: `${screenshots}/text-post-profile-desktop.png`, fullPage: true });
    const mine = await apiAs<{ items: PostView[] }>(creatorAccount, 'GET', `/creators/${handle}/posts`);
    const openPost = mine.items.find((post) => post.description === openText);
    expect(openPost).toMatchObject({ textOnly: true, media: null });
    await fan.page.goto(`/post/${openPost?.id}`);
    await fan.page.getByText(openText).waitFor();
    if (screenshots)
      await fan.page.screenshot({ path: `${screenshots}/text-post-page-desktop.png`, fullPage: true });
    expect(answers.some((body) => body.includes(secretText))).toBe(false);
    expect(fan.errors).toEqual([]);
  }, 120_000);
});

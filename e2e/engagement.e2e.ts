import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathTo } from '../common/routes.ts';
import {
  type Account,
  adminAccount,
  approvedCreator,
  createVerifiedAccount,
  signInContext,
  youtubePost,
} from './support/accounts.ts';
import { baseUrl, launchBrowser, openPage, viewports, waitForApp } from './support/browser.ts';
import { E2E_ADMIN_EMAIL } from './support/global-setup.ts';

const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
);
const png = (width: number, height: number, color: string) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
const screenshots = process.env.E2E_SCREENSHOTS;

async function creatorWithPost(label: string, description: string) {
  const admin = await adminAccount(E2E_ADMIN_EMAIL);
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const { account, creator } = await approvedCreator(
    admin,
    {
      handle: `${label}_${suffix}`,
      displayName: `${label[0]?.toUpperCase()}${label.slice(1)} Studio`,
      images: { avatar: await png(200, 200, '#7c3aed'), banner: await png(1200, 400, '#0ea5e9') },
      pdf,
    },
    { firstName: label, lastName: 'Maker' },
  );
  const post = await youtubePost(account, description);
  return { account, creator, post };
}

async function commentAs(account: Account, postId: string, text: string): Promise<{ id: string }> {
  const response = await fetch(`${baseUrl()}/api/posts/${postId}/comments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${account.token}` },
    body: JSON.stringify({ text }),
  });
  if (response.status !== 201) throw new Error(`comment ${response.status}: ${await response.text()}`);
  return (await response.json()) as { id: string };
}

async function shoot(page: Page, name: string) {
  if (screenshots) await page.screenshot({ path: `${screenshots}/${name}.png`, fullPage: false });
}

describe('comments, bookmarks and lists in a browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('a fan comments from the card; the creator replies on the post page and deletes another comment', async () => {
    const {
      account: creator,
      creator: profile,
      post,
    } = await creatorWithPost('amara', 'Golden hour over the harbour');
    const fan = await createVerifiedAccount(undefined, { firstName: 'Kofi', lastName: 'Mensah' });
    const troll = await createVerifiedAccount(undefined, { firstName: 'Rude', lastName: 'Person' });
    await commentAs(troll, post.id, 'This is spam, buy followers');

    // Someone signed out is reading the comments already.
    const bystander = await openPage(browser);
    await bystander.page.goto(pathTo('post', { id: post.id }));
    const bystanderComments = bystander.page.getByTestId('comments');
    await bystanderComments.getByRole('heading', { name: 'Comments (1)' }).waitFor();

    const fanPage = await openPage(browser);
    await signInContext(fanPage.context, fan);
    await fanPage.page.goto(pathTo('post', { id: post.id }));
    const card = fanPage.page.getByRole('article').filter({ hasText: 'Golden hour over the harbour' });
    await card.waitFor();
    const comments = fanPage.page.getByTestId('comments');
    await comments.getByRole('heading', { name: 'Comments (1)' }).waitFor();
    const box = comments.getByRole('textbox', { name: 'Write a comment' });
    // Blank is refused with a clear message, before anything is sent.
    await comments.getByRole('button', { name: 'Comment', exact: true }).click();
    await comments.getByText('Please write a comment').waitFor();
    await box.fill('The colours are beautiful');
    await box.press('Control+Enter');
    await comments.getByTestId('comment').filter({ hasText: 'The colours are beautiful' }).waitFor();
    await comments.getByRole('heading', { name: 'Comments (2)' }).waitFor();
    // Names only, never an email.
    expect(await comments.textContent()).not.toContain(fan.email);
    expect(await comments.textContent()).toContain('Kofi Mensah');
    await shoot(fanPage.page, 'post-comments');
    // The bystander's page follows at once, without a reload: the count and the new comment are
    // pushed (GET /api/comments/live), well within the 5 s allowed here.
    await bystanderComments.getByRole('heading', { name: 'Comments (2)' }).waitFor({ timeout: 5000 });
    await bystanderComments
      .getByTestId('comment')
      .filter({ hasText: 'The colours are beautiful' })
      .waitFor({ timeout: 5000 });

    const creatorPage = await openPage(browser);
    await signInContext(creatorPage.context, creator);
    await creatorPage.page.goto(pathTo('post', { id: post.id }));
    const creatorComments = creatorPage.page.getByTestId('comments');
    const fanComment = creatorComments
      .getByTestId('comment')
      .filter({ hasText: 'The colours are beautiful' });
    await fanComment.getByRole('button', { name: 'Reply' }).click();
    const reply = creatorComments.getByRole('textbox', { name: 'Reply to Kofi Mensah' });
    await reply.fill('Thank you, Kofi!');
    await reply.press('Control+Enter');
    await creatorComments
      .getByRole('list', { name: 'Replies' })
      .getByTestId('comment')
      .filter({ hasText: 'Thank you, Kofi!' })
      .waitFor();
    // The creator removes the other comment.
    await creatorComments.getByRole('button', { name: 'Delete comment by Rude Person' }).click();
    await creatorComments.getByText('This is spam, buy followers').waitFor({ state: 'detached' });
    await creatorComments.getByRole('heading', { name: 'Comments (2)' }).waitFor();
    await shoot(creatorPage.page, 'post-comments-creator');

    // The fan's open page hears of it: the count follows without a reload, and the reply shows.
    await comments.getByRole('heading', { name: 'Comments (2)' }).waitFor();
    await comments.getByTestId('comment').filter({ hasText: 'Thank you, Kofi!' }).waitFor();
    await expect.poll(async () => comments.getByText('This is spam, buy followers').count()).toBe(0);

    // From a card on Home: the comments open under it, by keyboard too.
    const followed = await fetch(`${baseUrl()}/api/creators/${profile.handle}/follow`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fan.token}` },
    });
    expect(followed.status).toBe(200);
    // The page cookie is set by now, so Home arrives as the fan's own page from the server: keys
    // pressed before the app adopts it reach nothing.
    await fanPage.page.goto(pathTo('home'));
    await waitForApp(fanPage.page);
    const discoverCard = fanPage.page
      .getByRole('article')
      .filter({ hasText: 'Golden hour over the harbour' });
    const toggle = discoverCard.getByRole('button', { name: /^Comments, / });
    await toggle.focus();
    await fanPage.page.keyboard.press('Enter');
    await discoverCard.getByTestId('comment').filter({ hasText: 'Thank you, Kofi!' }).waitFor();

    const phone = await openPage(browser, { viewport: viewports.mobile });
    await signInContext(phone.context, fan);
    await phone.page.goto(pathTo('post', { id: post.id }));
    await phone.page
      .getByTestId('comments')
      .getByTestId('comment')
      .filter({ hasText: 'Thank you, Kofi!' })
      .waitFor();
    await shoot(phone.page, 'post-comments-phone');

    // The creator's deletion reached the bystander too.
    await bystanderComments.getByRole('heading', { name: 'Comments (2)' }).waitFor({ timeout: 5000 });
    await expect.poll(async () => bystanderComments.getByText('This is spam, buy followers').count()).toBe(0);

    expect(fanPage.errors).toEqual([]);
    expect(creatorPage.errors).toEqual([]);
    expect(phone.errors).toEqual([]);
    expect(bystander.errors).toEqual([]);
    for (const opened of [fanPage, creatorPage, phone, bystander]) await opened.context.close();
  });

  it('a fan bookmarks a post and finds it on the Bookmarks page', async () => {
    const { post } = await creatorWithPost('noor', 'Street market at dawn');
    const fan = await createVerifiedAccount();
    const { page, context, errors } = await openPage(browser);
    await signInContext(context, fan);
    await page.goto(pathTo('bookmarks'));
    await page.getByRole('heading', { name: 'No bookmarks yet' }).waitFor();
    await shoot(page, 'bookmarks-empty');

    await page.goto(pathTo('post', { id: post.id }));
    const card = page.getByRole('article').filter({ hasText: 'Street market at dawn' });
    await card.getByRole('button', { name: 'Save to bookmarks' }).click();
    await card.getByRole('button', { name: 'Saved to bookmarks' }).waitFor();

    await page.getByRole('navigation').getByRole('link', { name: 'Bookmarks' }).first().click();
    await page.getByRole('heading', { name: 'Bookmarks', level: 1 }).waitFor();
    const saved = page.getByRole('article').filter({ hasText: 'Street market at dawn' });
    await saved.waitFor();
    expect(await saved.getByRole('button', { name: 'Saved to bookmarks' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await shoot(page, 'bookmarks');

    const phone = await openPage(browser, { viewport: viewports.mobile });
    await signInContext(phone.context, fan);
    await phone.page.goto(pathTo('bookmarks'));
    await phone.page.getByRole('article').filter({ hasText: 'Street market at dawn' }).waitFor();
    await shoot(phone.page, 'bookmarks-phone');

    expect(errors).toEqual([]);
    expect(phone.errors).toEqual([]);
    await context.close();
    await phone.context.close();
  });

  it('a fan adds a creator to a new list from the profile and reads the list feed', async () => {
    const { creator } = await creatorWithPost('lina', 'Ceramics drying in the sun');
    await creatorWithPost('omar', 'Not in any list');
    const fan = await createVerifiedAccount();
    const { page, context, errors } = await openPage(browser);
    await signInContext(context, fan);

    await page.goto(pathTo('lists'));
    await page.getByRole('list', { name: 'Your lists' }).getByText('Favourites').waitFor();
    await page.getByRole('textbox', { name: 'New list' }).fill('Pottery');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('list', { name: 'Your lists' }).getByText('Pottery').waitFor();
    await shoot(page, 'lists');

    await page.goto(pathTo('publicProfile', { id: creator.handle }));
    await page.getByRole('button', { name: /to a list$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to list' });
    const pottery = dialog.getByRole('checkbox', { name: 'Pottery' });
    await pottery.check();
    await expect.poll(() => pottery.isChecked()).toBe(true);
    await shoot(page, 'add-to-list');
    await dialog.getByRole('button', { name: 'Done' }).click();

    await page.goto(pathTo('lists'));
    await page.getByRole('link', { name: /Pottery/ }).click();
    await page.getByRole('heading', { name: 'Pottery', level: 1 }).waitFor();
    await page.getByRole('article').filter({ hasText: 'Ceramics drying in the sun' }).waitFor();
    expect(await page.getByRole('article').filter({ hasText: 'Not in any list' }).count()).toBe(0);
    await shoot(page, 'list-feed');

    const phone = await openPage(browser, { viewport: viewports.mobile });
    await signInContext(phone.context, fan);
    await phone.page.goto(pathTo('lists'));
    await phone.page.getByRole('list', { name: 'Your lists' }).getByText('Pottery').waitFor();
    await shoot(phone.page, 'lists-phone');

    expect(errors).toEqual([]);
    expect(phone.errors).toEqual([]);
    await context.close();
    await phone.context.close();
  });

  it('a fan turns reply emails off in Settings and keeps them in the app', async () => {
    const fan = await createVerifiedAccount();
    const { page, context, errors } = await openPage(browser);
    await signInContext(context, fan);
    await page.goto(pathTo('settings'));
    const section = page.getByRole('region', { name: 'Notifications', exact: true });
    const email = section.getByRole('checkbox', { name: 'Replies to your comments by email' });
    await email.waitFor();
    expect(await email.isChecked()).toBe(true);
    await email.uncheck();
    await expect.poll(() => email.isChecked()).toBe(false);
    await section.scrollIntoViewIfNeeded();
    await shoot(page, 'settings-notifications');
    const saved = await fetch(`${baseUrl()}/api/me/notification-settings`, {
      headers: { authorization: `Bearer ${fan.token}` },
    });
    const items = (
      (await saved.json()) as { items: { kind: string; inApp: boolean; email: boolean | null }[] }
    ).items;
    expect(items.find((item) => item.kind === 'reply')).toMatchObject({ inApp: true, email: false });

    const phone = await openPage(browser, { viewport: viewports.mobile });
    await signInContext(phone.context, fan);
    await phone.page.goto(pathTo('settings'));
    const phoneSection = phone.page.getByRole('region', { name: 'Notifications', exact: true });
    await phoneSection.getByRole('checkbox', { name: 'Replies to your comments by email' }).waitFor();
    await phoneSection.scrollIntoViewIfNeeded();
    await shoot(phone.page, 'settings-notifications-phone');

    expect(errors).toEqual([]);
    expect(phone.errors).toEqual([]);
    await context.close();
    await phone.context.close();
  });
});

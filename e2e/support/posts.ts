import type { Page, Request } from 'playwright-core';
import { expect } from 'vitest';
import type { PostList, PostView } from '../../common/schemas/posts.ts';
import { testVideo } from '../../server/test/media-fixtures.ts';
import { type Account, uploadPostVideo } from './accounts.ts';
import { baseUrl } from './browser.ts';

/**
 * Posts `mediaId` as soon as the server takes it (it refuses media still being processed), then
 * waits until the creator's profile lists the post with its media ready.
 */
export async function publishWhenReady(
  creator: Account,
  handle: string,
  description: string,
  mediaId: string,
  terms: object,
  timeout = 45_000,
): Promise<PostView> {
  await expect
    .poll(
      async () => {
        const response = await fetch(`${baseUrl()}/api/posts`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${creator.token}` },
          body: JSON.stringify({ description, mediaId, ...terms }),
        });
        return response.status;
      },
      { timeout, interval: 500 },
    )
    .toBe(201);
  let post: PostView | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${baseUrl()}/api/creators/${handle}/posts?limit=20`, {
          headers: { authorization: `Bearer ${creator.token}` },
        });
        post = ((await response.json()) as PostList).items.find((item) => item.description === description);
        return post?.media?.status;
      },
      { timeout, interval: 500 },
    )
    .toBe('ready');
  if (!post) throw new Error('the post is missing');
  return post;
}

/**
 * A video post (pay-per-view at $2.50 unless told otherwise), published once its video is
 * transcoded. `video`: the file (a 2 s clip at 848x480 unless given); `traceRecordings`: made with
 * recording marks.
 */
export async function lockedVideoPost(
  creator: Account,
  handle: string,
  description: string,
  terms: object = { visibility: 'pay_per_view', price: '2.50' },
  options: { video?: Buffer; traceRecordings?: boolean } = {},
): Promise<PostView> {
  const mediaId = await uploadPostVideo(creator, options.video ?? testVideo({ size: '848x480' }), {
    traceRecordings: options.traceRecordings === true,
  });
  return publishWhenReady(creator, handle, description, mediaId, terms);
}

/** Every request the page sends for this media object, as `<variant>[/<file>]`. */
export function mediaRequests(page: Page, mediaId: string): string[] {
  const seen: string[] = [];
  page.on('request', (request: Request) => {
    const { pathname } = new URL(request.url());
    const prefix = `/api/media/${mediaId}/`;
    if (pathname.startsWith(prefix)) seen.push(pathname.slice(prefix.length));
  });
  return seen;
}

export const postCard = (page: Page, description: string) =>
  page.getByRole('article').filter({ hasText: description });

/**
 * Buys a pay-per-view post from the creator's profile as a fan does: Unlock, the dialog's Pay, the
 * sandbox's checkout page, and back on the profile's Posts tab.
 */
export async function unlockOnProfile(page: Page, handle: string, description: string, price: string) {
  await page.goto(`/public-profile/${handle}`);
  await page.getByRole('tab', { name: /^Posts/ }).click();
  await postCard(page, description).getByRole('button', { name: 'Unlock' }).click();
  await page
    .getByRole('dialog', { name: `Unlock for $${price}` })
    .getByRole('button', { name: `Pay $${price}` })
    .click();
  await page.waitForURL((url) => url.pathname.startsWith('/api/payments/sandbox/checkout/'));
  await page.getByRole('button', { name: new RegExp(`^Pay .*${price.replace('.', '\\.')}$`) }).click();
  await page.waitForURL((url) => url.pathname === `/public-profile/${handle}` && url.search === '');
  await page.getByRole('tab', { name: /^Posts/ }).click();
}

import { describe, expect, it } from 'vitest';
import { adminAccount, approvedCreatorWithPictures } from './support/accounts.ts';
import { baseUrl, openPage, useBrowser } from './support/browser.ts';
import { E2E_ADMIN_EMAIL } from './support/global-setup.ts';

describe('the app reached at another address than PUBLIC_URL', () => {
  const browser = useBrowser();

  it('loads media when the page is opened at 127.0.0.1 while PUBLIC_URL says localhost', async () => {
    const publicUrl = new URL(baseUrl());
    expect(publicUrl.hostname).toBe('localhost');
    const otherAddress = `${publicUrl.protocol}//127.0.0.1:${publicUrl.port}`;
    const admin = await adminAccount(E2E_ADMIN_EMAIL);
    const handle = `lan_${Date.now().toString(36)}`;
    await approvedCreatorWithPictures(admin, {
      handle,
      displayName: 'Reached Elsewhere',
      avatar: '#16a085',
      banner: '#8e44ad',
    });

    const { page, context, errors } = await openPage(browser());
    await page.goto(`${otherAddress}/public-profile/${handle}`);
    await page.getByRole('heading', { name: 'Reached Elsewhere' }).waitFor();
    const mediaImages = page.locator('img[src*="/api/media/"]');
    await expect.poll(() => mediaImages.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    // Every image from our media routes decoded from this address: none was blocked by the CSP or
    // pointed elsewhere. One read per poll, since the app may replace the server's images while it
    // starts (a new image has no currentSrc until it loads).
    await expect
      .poll(
        () =>
          mediaImages.evaluateAll((images) => [
            ...new Set(
              (images as HTMLImageElement[]).map((image) =>
                image.complete && image.naturalWidth > 0 && image.currentSrc !== ''
                  ? new URL(image.currentSrc).origin
                  : 'not loaded',
              ),
            ),
          ]),
        { timeout: 10_000 },
      )
      .toEqual([otherAddress]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

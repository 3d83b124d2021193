import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mediaMessages } from '../common/schemas/media-messages.ts';
import { testVideo } from '../server/test/media-fixtures.ts';
import { adminAccount, approvedCreatorWithPictures, signInContext } from './support/accounts.ts';
import { openPage, useBrowser, viewports } from './support/browser.ts';
import { useOwnServer } from './support/own-server.ts';
import { E2E_ADMIN_EMAIL } from './support/server.ts';

/**
 * A video converter killed on every run, as the out-of-memory killer would. The file itself is
 * fine (the real ffprobe reads it at upload), so the media job is tried again until its retries
 * are used up, then ends through the dead-letter queue. This server is the file's own: the shared
 * one must keep converting videos for the other tests.
 */
describe('an upload whose processing fails on every try', () => {
  const tools = mkdtempSync(path.join(tmpdir(), 'fp-e2e-ffmpeg-'));
  const ffmpeg = path.join(tools, 'ffmpeg');
  writeFileSync(ffmpeg, '#!/bin/sh\nkill -9 $$\n');
  chmodSync(ffmpeg, 0o755);
  // Retries 1 s then 2 s after a failure, instead of 10 s then 20 s.
  useOwnServer({ FFMPEG_PATH: ffmpeg, MEDIA_RETRY_DELAY_SECONDS: '1' });
  const browser = useBrowser();
  afterAll(() => {
    rmSync(tools, { recursive: true, force: true });
  });

  it('shows the creator why on their profile, without a reload, instead of "processing" for ever', async () => {
    const admin = await adminAccount(E2E_ADMIN_EMAIL);
    const handle = `failing_${Date.now().toString(36)}`;
    const { account } = await approvedCreatorWithPictures(admin, {
      handle,
      displayName: 'Kept Failing',
      avatar: '#6c5ce7',
      banner: '#00b894',
    });
    const { page, context, errors } = await openPage(browser(), { viewport: viewports.mobile });
    await signInContext(context, account);

    await page.goto('/post-ccontent');
    const description = 'Behind the scenes, take two';
    await page.getByRole('textbox', { name: 'Description' }).fill(description);
    await page
      .getByLabel('Choose a video')
      .setInputFiles({ name: 'take-two.mp4', mimeType: 'video/mp4', buffer: testVideo({ faststart: true }) });
    await page.getByText('take-two.mp4').waitFor();
    await page.getByRole('button', { name: 'Post Content' }).click();
    await page.getByRole('dialog', { name: 'Your content has been uploaded successfully' }).waitFor();

    // The creator's own profile shows the post while it is processing...
    await page.goto(`/public-profile/${handle}`);
    await page.getByRole('tab', { name: /^Posts/ }).click();
    const card = page.getByRole('article').filter({ hasText: description });
    const status = card.getByRole('status');
    await status.getByText(mediaMessages.processing).waitFor();
    // ...and, with no reload, the reason once the retries are used up (three runs), seen by the
    // page's next refresh of lists holding an upload still processing.
    await status
      .getByText('Processing failed: the video converter stopped before it finished')
      .waitFor({ timeout: 60_000 });
    await status.getByText('This upload could not be processed.').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});

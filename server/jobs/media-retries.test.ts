import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaView } from '../../common/schemas/media.ts';
import { signUpVerified } from '../test/accounts.ts';
import {
  createMediaTestApp,
  type MediaTestApp,
  storedObjects,
  tusUpload,
  waitForProcessing,
} from '../test/media.ts';
import { testVideo } from '../test/media-fixtures.ts';

/**
 * ffmpeg killed on every run, as the out-of-memory killer would: the file is fine (ffprobe, the
 * real one, reads it at upload), the machine is not. The media job is tried again (its
 * retryLimit), then gives up through the dead-letter queue, and the owner reads why.
 */
describe('an upload whose processing fails on every try', () => {
  let t: MediaTestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'fp-ffmpeg-'));
    const ffmpeg = path.join(dir, 'ffmpeg');
    writeFileSync(ffmpeg, `#!/bin/sh\necho run >> '${path.join(dir, 'runs')}'\nkill -9 $$\n`);
    chmodSync(ffmpeg, 0o755);
    // Retries 1 s then 2 s later (the default waits 10 s then 20 s).
    t = await createMediaTestApp({ FFMPEG_PATH: ffmpeg, MEDIA_RETRY_DELAY_SECONDS: '1' }, { runJobs: true });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('ends failed with the reason after its retries, instead of "processing" for ever, and keeps nothing', async () => {
    const owner = await signUpVerified(t);
    const { last } = await tusUpload(t, owner.token, testVideo(), { filetype: 'video/mp4' });
    expect(last.statusCode).toBe(200);
    const id = last.json<MediaView>().id;
    expect(last.json<MediaView>().status).toBe('processing');

    // Three runs (the first and two retries, 1 s then 2 s apart at the least, with jitter).
    const view = await waitForProcessing(t, owner.token, id, 60_000);
    expect(view).toMatchObject({
      status: 'failed',
      failureReason: 'Processing failed: the video converter stopped before it finished',
      url: null,
    });
    expect(readFileSync(path.join(dir, 'runs'), 'utf8').trim().split('\n')).toHaveLength(3);
    expect((await storedObjects(t)).filter((file) => file.startsWith(`${id}/`))).toEqual([]);
  }, 90_000);
});

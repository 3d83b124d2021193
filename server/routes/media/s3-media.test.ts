import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaView } from '../../../common/schemas/media.ts';
import { createS3Client } from '../../adapters/storage/s3-driver.ts';
import { type AccountsTestApp, signUpVerified } from '../../test/accounts.ts';
import { writeFakeWebBuild } from '../../test/helpers.ts';
import { createMediaTestApp, fetchUrl, storedFiles, upload } from '../../test/media.ts';
import { jpegWithGps, textPretendingToBeJpeg } from '../../test/media-fixtures.ts';
import { startTestS3Server, type TestS3Server } from '../../test/s3-server.ts';

/**
 * What only S3 has: the bucket's own key layout. Everything else (hostile files, resumable uploads,
 * processing, presigned links, crashes) runs on both drivers in the other media tests.
 */
describe('media on an S3-compatible bucket', () => {
  let s3: TestS3Server;
  let t: AccountsTestApp;
  let owner: { token: string };
  const keys = async () => {
    const client = createS3Client({
      ...s3,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    });
    const page = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
    client.destroy();
    return (page.Contents ?? []).map((item) => item.Key ?? '');
  };
  beforeAll(async () => {
    s3 = await startTestS3Server();
    // A web build, so that `/` is a page and carries a page's CSP.
    t = await createMediaTestApp({ ...s3.env, WEB_DIST_DIR: writeFakeWebBuild() }, { runJobs: true });
    owner = await signUpVerified(t);
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('stores public images in the bucket and serves them through the app with long cache headers', async () => {
    const response = await upload(t, 'profile', owner.token, { data: await jpegWithGps() });
    expect(response.statusCode).toBe(201);
    const view = response.json<MediaView>();
    expect((await keys()).filter((key) => key.startsWith(`media/${view.id}/`)).length).toBe(4);
    const file = await fetchUrl(t, view.url ?? '');
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(file.rawPayload).metadata()).exif).toBeUndefined();
    const part = await fetchUrl(t, view.url ?? '', { range: 'bytes=0-9' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(file.rawPayload.subarray(0, 10))).toBe(true);
    // Nothing local but the (empty) scratch and resumable-upload folders.
    expect(storedFiles(t)).toEqual([]);
  });

  it('lets the page load presigned links from the S3 endpoint, even over plain HTTP (the CSP names it)', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(page.headers['content-security-policy']).split(';');
    const origin = new URL(s3.endpoint).origin;
    expect(origin.startsWith('http://')).toBe(true);
    for (const directive of ['img-src', 'media-src']) {
      expect(csp.find((entry) => entry.startsWith(directive))?.split(' ')).toContain(origin);
    }
  });

  it('leaves the bucket untouched when it refuses a file', async () => {
    const before = await keys();
    const response = await upload(t, 'profile', owner.token, { data: textPretendingToBeJpeg() });
    expect(response.statusCode).toBe(415);
    expect(await keys()).toEqual(before);
  });
});

import { Readable } from 'node:stream';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaView } from '../../../common/schemas/media.ts';
import { createStorage } from '../../adapters/storage/index.ts';
import { createS3Client } from '../../adapters/storage/s3-driver.ts';
import { media } from '../../db/schema/index.ts';
import { PROCESS_MEDIA } from '../../jobs/process-media.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { type AccountsTestApp, bearer, signUpVerified } from '../../test/accounts.ts';
import { createMediaTestApp, fetchUrl, storedFiles, upload, waitForProcessing } from '../../test/media.ts';
import { jpeg, jpegWithGps, textPretendingToBeJpeg } from '../../test/media-fixtures.ts';
import { startTestS3Server, type TestS3Server } from '../../test/s3-server.ts';

describe('media on an S3-compatible bucket', () => {
  let s3: TestS3Server;
  let t: AccountsTestApp;
  let owner: { token: string; user: { id: string } };
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
    t = await createMediaTestApp(s3.env, { runJobs: true });
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

  it('processes post media from the bucket and gives entitled viewers presigned GetObject URLs', async () => {
    // s3rver has no ListParts, which @tus/s3-store needs, so the upload half is set up directly:
    // the original in the bucket and a processing row, as PostUploadService leaves them.
    const id = uuidv7();
    const storage = createStorage(t.config);
    const data = await jpeg(900, 600);
    await storage.put(`${id}/original`, Readable.from([data]), {
      maxBytes: data.length,
      contentType: 'image/jpeg',
    });
    await t.app.services.database.db.insert(media).values({
      id,
      ownerId: owner.user.id,
      kind: 'image',
      purpose: 'post',
      visibility: 'private',
      status: 'processing',
      mime: 'image/jpeg',
      byteSize: data.length,
      originalKey: `${id}/original`,
    });
    await t.app.services.queue.send(PROCESS_MEDIA, { mediaId: id });
    const view = await waitForProcessing(t, owner.token, id);
    expect(view.status).toBe('ready');
    const source = view.urls.sources.at(-1);
    expect(source?.url.startsWith(`${s3.endpoint}/${s3.bucket}/media/${view.id}/`)).toBe(true);
    expect(source?.url).toContain('X-Amz-Signature=');
    const fetched = await fetch(source?.url ?? '');
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('image/webp');
    // The original and every temporary object are gone.
    const remaining = await keys();
    expect(remaining.filter((key) => !key.startsWith('media/'))).toEqual([]);
    expect(remaining.some((key) => key.endsWith('/original'))).toBe(false);

    const stranger = await signUpVerified(t);
    const locked = (
      await t.app.inject({ method: 'GET', url: `/api/media/${view.id}`, headers: bearer(stranger.token) })
    ).json<MediaView>();
    expect(locked.urls.sources).toEqual([]);
    expect(JSON.stringify(locked)).not.toContain('X-Amz-Signature');
  });

  it('leaves the bucket untouched when it refuses a file', async () => {
    const before = await keys();
    const response = await upload(t, 'profile', owner.token, { data: textPretendingToBeJpeg() });
    expect(response.statusCode).toBe(415);
    expect(await keys()).toEqual(before);
  });
});

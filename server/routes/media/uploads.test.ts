import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaView } from '../../../common/schemas/media.ts';
import { bearer, signUpVerified, uniqueIp } from '../../test/accounts.ts';
import {
  createMediaTestApp,
  fetchMedia,
  listen,
  type MediaTestApp,
  mediaRows,
  STORAGE_DRIVERS,
  storedObjects,
  streamUpload,
  upload,
  urlsIn,
} from '../../test/media.ts';
import {
  fakeMp4,
  jpeg,
  jpegWithGps,
  jpegZipPolyglot,
  png,
  pngBomb,
  svgWithScript,
  textPretendingToBeJpeg,
  truncatedJpeg,
} from '../../test/media-fixtures.ts';

const MB = 1024 * 1024;

describe.each(STORAGE_DRIVERS)('%s storage: POST /api/media/upload/profile and /property', (driver) => {
  let t: MediaTestApp;
  let token: string;
  beforeAll(async () => {
    t = await createMediaTestApp({}, { driver });
    token = (await signUpVerified(t)).token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('re-encodes a phone photo: upright, every metadata field (GPS included) gone, several widths, public URLs', async () => {
    const response = await upload(t, 'profile', token, { data: await jpegWithGps(), filename: 'me.jpg' });
    expect(response.statusCode).toBe(201);
    const view = response.json<MediaView>();
    expect(view).toMatchObject({
      kind: 'image',
      purpose: 'profile',
      status: 'ready',
      locked: false,
      urlsExpireAt: null,
    });
    // 600x400 with EXIF orientation 6 is a 400x600 portrait once turned.
    expect([view.width, view.height]).toEqual([400, 600]);
    expect(Buffer.from(view.thumbhash ?? '', 'base64').length).toBeGreaterThan(5);
    expect(view.urls.sources.map((source) => [source.type, source.width])).toEqual([
      ['image/webp', 320],
      ['image/jpeg', 400],
      ['image/webp', 400],
    ]);
    expect(view.url).toBe(view.urls.sources.at(-1)?.url);

    for (const url of urlsIn(view)) {
      expect(url.startsWith(`/api/media/${view.id}/`)).toBe(true);
      const file = await fetchMedia(t, url);
      expect(file.statusCode).toBe(200);
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['content-disposition']).toMatch(
        new RegExp(`^inline; filename="${view.id}-[a-z0-9]+\\.(webp|jpg)"$`),
      );
      const metadata = await sharp(file.rawPayload).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.iptc).toBeUndefined();
      expect(metadata.orientation ?? 1).toBe(1);
      expect(file.rawPayload.includes('Fanplace Test Camera')).toBe(false);
    }

    const preview = await fetchMedia(t, view.urls.preview ?? '');
    const previewMeta = await sharp(preview.rawPayload).metadata();
    expect(previewMeta.format).toBe('webp');
    expect(Math.max(previewMeta.width ?? 0, previewMeta.height ?? 0)).toBeLessThanOrEqual(64);
  });

  it('takes PNGs for property images and keeps them under their own purpose', async () => {
    const response = await upload(t, 'property', token, {
      data: await png(),
      filename: 'house.png',
      type: 'image/png',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<MediaView>()).toMatchObject({ purpose: 'property', width: 400, height: 300 });
  });

  describe('refuses hostile files with a clear message and stores nothing', () => {
    const cases: {
      name: string;
      target?: string;
      make: () => Buffer | Promise<Buffer>;
      filename?: string;
      type?: string;
      status: number;
      message: string;
    }[] = [
      {
        name: 'text named .jpg',
        make: textPretendingToBeJpeg,
        status: 415,
        message: 'Please select an image file',
      },
      {
        name: 'SVG with a script',
        make: svgWithScript,
        filename: 'logo.svg',
        type: 'image/svg+xml',
        status: 415,
        message: 'Please select an image file',
      },
      { name: 'truncated JPEG', make: truncatedJpeg, status: 400, message: 'The image could not be read' },
      {
        name: '10000x10000 PNG bomb',
        make: () => pngBomb(),
        type: 'image/png',
        status: 400,
        message: 'Image dimensions are too large',
      },
      {
        name: 'JPEG/ZIP polyglot',
        make: jpegZipPolyglot,
        status: 415,
        message: 'Please select an image file',
      },
      {
        name: 'a video where an image belongs',
        make: () => fakeMp4(),
        type: 'image/jpeg',
        status: 415,
        message: 'Please select an image file',
      },
      {
        name: 'a property image of text',
        target: 'property',
        make: textPretendingToBeJpeg,
        status: 415,
        message: 'Please select an image file',
      },
    ];

    for (const item of cases) {
      it(item.name, async () => {
        const before = (await mediaRows(t)).length;
        const filesBefore = await storedObjects(t);
        const response = await upload(t, item.target ?? 'profile', token, {
          data: await item.make(),
          ...(item.filename ? { filename: item.filename } : {}),
          ...(item.type ? { type: item.type } : {}),
        });
        expect(response.statusCode).toBe(item.status);
        expect(response.json()).toMatchObject({ message: item.message });
        expect((await mediaRows(t)).length).toBe(before);
        expect(await storedObjects(t)).toEqual(filesBefore);
      });
    }
  });

  it('asks for an image when the form has no file, or the file under another name', async () => {
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/media/upload/profile',
      payload: {},
      headers: bearer(token),
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: 'Please select an image file' });
    const wrongField = await upload(t, 'profile', token, { data: await jpeg(), field: 'avatar' });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toMatchObject({ message: 'Please select an image file' });
  });

  it('stops reading an oversized file at the cap (413 with the spec message) and keeps nothing', async () => {
    const base = await listen(t);
    for (const [target, cap, message] of [
      ['profile', 2 * MB, 'File size must be less than 2MB'],
      ['property', 5 * MB, 'File size must be less than 5MB'],
    ] as const) {
      const filesBefore = await storedObjects(t);
      const result = await streamUpload(base, target, token, { head: await jpeg(64, 64), total: 200 * MB });
      expect(result.status).toBe(413);
      expect(JSON.parse(result.body)).toMatchObject({ message, code: 'PAYLOAD_TOO_LARGE' });
      // Refused while streaming: far less than the 200 MB body was ever sent.
      expect(result.produced).toBeLessThan(cap + 32 * MB);
      expect(await storedObjects(t)).toEqual(filesBefore);
    }
  });

  it('never uses the client file name: "../" and NUL change nothing', async () => {
    const before = new Set(await storedObjects(t));
    const response = await upload(t, 'profile', token, {
      data: await jpeg(300, 200),
      filename: '../../../../etc/passwd\u0000.jpg',
    });
    expect(response.statusCode).toBe(201);
    const view = response.json<MediaView>();
    expect(response.body).not.toContain('passwd');
    const added = (await storedObjects(t)).filter((file) => !before.has(file));
    expect(added.length).toBeGreaterThan(0);
    for (const file of added)
      expect(file).toMatch(new RegExp(`^${view.id}/(w\\d+|jpeg|preview)\\.(webp|jpg)$`));
  });

  it('needs a signed-in user', async () => {
    const response = await upload(t, 'profile', null, { data: await jpeg() });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: 'Unauthorized' });
  });

  it('limits uploads per account', async () => {
    const { token: busy } = await signUpVerified(t);
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/media/upload/profile',
        payload: {},
        remoteAddress: uniqueIp(),
        headers: bearer(busy),
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 60).every((status) => status === 400)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});

describe.each(STORAGE_DRIVERS)('%s storage: DELETE /api/media/delete', (driver) => {
  let t: MediaTestApp;
  beforeAll(async () => {
    t = await createMediaTestApp({}, { driver });
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets the owner delete by URL; for anyone else the media does not exist', async () => {
    const owner = await signUpVerified(t);
    const other = await signUpVerified(t);
    const view = (await upload(t, 'profile', owner.token, { data: await jpeg() })).json<MediaView>();
    const url = view.url ?? '';

    const byOther = await t.app.inject({
      method: 'DELETE',
      url: '/api/media/delete',
      payload: { url },
      headers: bearer(other.token),
    });
    expect(byOther.statusCode).toBe(404);
    expect(byOther.json()).toMatchObject({ message: 'Media not found' });
    expect((await fetchMedia(t, url)).statusCode).toBe(200);

    const unknown = await t.app.inject({
      method: 'DELETE',
      url: '/api/media/delete',
      payload: { url: `${t.config.publicUrl}/api/media/0190a0b0-0000-7000-8000-000000000000/w640` },
      headers: bearer(owner.token),
    });
    expect(unknown.statusCode).toBe(404);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/media/delete',
      payload: { url },
      headers: bearer(owner.token),
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Image deleted successfully' });
    expect((await fetchMedia(t, url)).statusCode).toBe(404);
    expect((await storedObjects(t)).filter((file) => file.startsWith(view.id))).toEqual([]);
    expect((await mediaRows(t)).map((row) => row.id)).not.toContain(view.id);
  });
});

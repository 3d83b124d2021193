import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaView } from '../../../common/schemas/media.ts';
import { createUrlSigner } from '../../services/media/url-signing.ts';
import { type AccountsTestApp, bearer, signUpVerified, uniqueEmail } from '../../test/accounts.ts';
import { createMediaTestApp, fetchUrl, mediaRows, storedFiles, upload } from '../../test/media.ts';
import { jpegWithGps, svgWithScript, zipWith } from '../../test/media-fixtures.ts';

const MB = 1024 * 1024;
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
);

describe('identity documents', () => {
  let t: AccountsTestApp;
  const adminEmail = uniqueEmail('admin');
  let admin: { token: string };
  let owner: { token: string };
  let stranger: { token: string };
  beforeAll(async () => {
    t = await createMediaTestApp({ ADMIN_EMAILS: adminEmail });
    admin = await signUpVerified(t, { email: adminEmail });
    owner = await signUpVerified(t);
    stranger = await signUpVerified(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores a PDF byte for byte, reachable by admins only: not its owner, not a third user, not a signed link', async () => {
    const response = await upload(t, 'identity-document', owner.token, {
      data: pdf,
      filename: 'passport.pdf',
      type: 'application/pdf',
    });
    expect(response.statusCode).toBe(201);
    const ownView = response.json<MediaView>();
    expect(ownView).toMatchObject({
      kind: 'identity_document',
      purpose: 'identity',
      status: 'ready',
      locked: true,
      url: null,
    });
    expect(ownView.urls).toEqual({
      preview: null,
      sources: [],
      poster: null,
      video: null,
      hls: null,
      document: null,
    });
    const path = `/api/media/${ownView.id}/document`;

    const adminView = (
      await t.app.inject({ method: 'GET', url: `/api/media/${ownView.id}`, headers: bearer(admin.token) })
    ).json<MediaView>();
    expect(adminView.urls.document).toBe(path);
    const fetched = await fetchUrl(t, adminView.urls.document ?? '', bearer(admin.token));
    expect(fetched.statusCode).toBe(200);
    expect(fetched.rawPayload.equals(pdf)).toBe(true);
    expect(fetched.headers['content-type']).toBe('application/pdf');
    expect(fetched.headers['cache-control']).toBe('private, no-store');
    expect(fetched.headers['content-disposition']).toBe(`attachment; filename="${ownView.id}-document.pdf"`);

    expect((await t.app.inject({ method: 'GET', url: path, headers: bearer(owner.token) })).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: path, headers: bearer(stranger.token) })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/media/${ownView.id}`,
          headers: bearer(stranger.token),
        })
      ).statusCode,
    ).toBe(404);
    // Even a correctly signed link opens nothing: the role is checked on every request.
    const { expires, signature } = createUrlSigner({
      secret: t.config.appSecret,
      clock: t.clock,
      ttlSeconds: 600,
    }).sign(path);
    const signed = await t.app.inject({
      method: 'GET',
      url: `${path}?expires=${expires}&sig=${signature}`,
      headers: bearer(stranger.token),
    });
    expect(signed.statusCode).toBe(404);
  });

  it('re-encodes a photo of a document without its metadata', async () => {
    const response = await upload(t, 'identity-document', owner.token, {
      data: await jpegWithGps(),
      filename: 'id.jpg',
    });
    expect(response.statusCode).toBe(201);
    const id = response.json<MediaView>().id;
    const fetched = await t.app.inject({
      method: 'GET',
      url: `/api/media/${id}/document`,
      headers: bearer(admin.token),
    });
    expect(fetched.statusCode).toBe(200);
    const metadata = await sharp(fetched.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 400, height: 600 });
    expect(metadata.exif).toBeUndefined();
    expect(fetched.headers['content-disposition']).toBe(`attachment; filename="${id}-document.jpg"`);
  });

  it('refuses other types, PDF/ZIP polyglots and files over 10MB, keeping nothing', async () => {
    const before = (await mediaRows(t)).length;
    const files = storedFiles(t);
    const svg = await upload(t, 'identity-document', owner.token, {
      data: svgWithScript(),
      type: 'image/svg+xml',
    });
    expect(svg.statusCode).toBe(415);
    expect(svg.json()).toMatchObject({ message: 'Please select a PDF, JPEG or PNG file' });
    const polyglot = await upload(t, 'identity-document', owner.token, {
      data: Buffer.concat([pdf, zipWith('x.html', Buffer.from('<script>1</script>'))]),
      type: 'application/pdf',
    });
    expect(polyglot.statusCode).toBe(415);
    const big = await upload(t, 'identity-document', owner.token, {
      data: Buffer.concat([pdf, Buffer.alloc(10 * MB)]),
      type: 'application/pdf',
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ message: 'File size must be less than 10MB' });
    expect((await mediaRows(t)).length).toBe(before);
    expect(storedFiles(t)).toEqual(files);
  });
});

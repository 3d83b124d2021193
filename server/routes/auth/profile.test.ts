import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaView } from '../../../common/schemas/media.ts';
import {
  type AccountsTestApp,
  createAccountsTestApp,
  get,
  post,
  signUpVerified,
} from '../../test/accounts.ts';
import { uploaded } from '../../test/creators.ts';
import { upload } from '../../test/media.ts';
import { jpeg } from '../../test/media-fixtures.ts';

describe('profile', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const update = (token: string, body: object) => post(t, '/api/auth/update-profile', body, { token });

  it('GET /api/auth/profile answers the signed-in user', async () => {
    const { token, user } = await signUpVerified(t, { firstName: 'Ada', lastName: 'Lovelace' });
    const response = await get(t, '/api/auth/profile', token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user });
    expect(user).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', role: 'user' });
  });

  it('updates the names and the picture, and only the fields sent', async () => {
    const { token } = await signUpVerified(t);
    const picture = await uploaded(t, token, 'profile');
    // Relative to the site, so it loads at whatever address the app is opened by.
    expect(picture.url).toMatch(/^\/api\/media\//);
    const response = await update(token, { firstName: '  Augusta ', profileImage: picture.url });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      firstName: 'Augusta',
      lastName: 'Lovelace',
      profileImage: picture.url,
    });
    // Every public rendition of the upload will do, as long as it is one.
    const other = picture.urls.sources.find((source) => source.url !== picture.url);
    expect(other).toBeDefined();
    expect((await update(token, { profileImage: other?.url })).json().user.profileImage).toBe(other?.url);
    const removed = await update(token, { profileImage: null });
    expect(removed.json().user).toMatchObject({ firstName: 'Augusta', profileImage: null });
    expect((await get(t, '/api/auth/profile', token)).json().user.profileImage).toBeNull();
  });

  describe("a new picture must be one of the user's own uploaded profile images", () => {
    const refusal = { code: 'VALIDATION_FAILED', fields: { profileImage: 'Invalid image URL' } };
    let owner: { token: string; picture: MediaView };
    let stranger: { token: string; user: { firstName: string | null; profileImage: string | null } };
    beforeAll(async () => {
      const first = await signUpVerified(t);
      owner = { token: first.token, picture: await uploaded(t, first.token, 'profile') };
      const second = await signUpVerified(t);
      stranger = { token: second.token, user: second.user };
    });
    const path = (view: MediaView) => new URL(view.url ?? '', 'http://localhost').pathname;

    it.each([
      ['another website', () => 'https://cdn.example/avatars/ada.png'],
      ['another website, with our media path', () => `https://cdn.example${path(owner.picture)}`],
      ["another user's upload", () => owner.picture.url ?? ''],
      ['our site, but not a media path', () => `${t.config.publicUrl}/api/health`],
      ['a rendition the upload does not have', () => `${t.config.publicUrl}${path(owner.picture)}x`],
      ['a media path with a query', () => `${owner.picture.url}?v=1`],
      [
        'an upload that does not exist',
        () => `${t.config.publicUrl}/api/media/${crypto.randomUUID()}/w320-webp`,
      ],
    ])('refuses %s, changing nothing', async (_case, url) => {
      const response = await update(stranger.token, { firstName: 'Mallory', profileImage: url() });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: 'Invalid image URL', ...refusal });
      const now = (await get(t, '/api/auth/profile', stranger.token)).json().user;
      expect(now).toMatchObject({ firstName: stranger.user.firstName ?? 'Ada', profileImage: null });
    });

    it("refuses the user's own banner or post photo", async () => {
      const banner = await uploaded(t, owner.token, 'banner');
      const property = await upload(t, 'property', owner.token, { data: await jpeg() });
      expect(property.statusCode).toBe(201);
      for (const view of [banner, property.json<MediaView>()]) {
        const response = await update(owner.token, { profileImage: view.url });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject(refusal);
      }
    });

    it('accepts its absolute form at PUBLIC_URL (links stored before they were relative)', async () => {
      const absolute = `${t.config.publicUrl}${owner.picture.url}`;
      const response = await update(owner.token, { profileImage: absolute });
      expect(response.statusCode).toBe(200);
      expect(response.json().user.profileImage).toBe(absolute);
    });

    it('accepts the current picture sent back unchanged, and a name change alongside it', async () => {
      expect((await update(owner.token, { profileImage: owner.picture.url })).statusCode).toBe(200);
      const again = await update(owner.token, { firstName: 'Grace', profileImage: owner.picture.url });
      expect(again.statusCode).toBe(200);
      expect(again.json().user).toMatchObject({ firstName: 'Grace', profileImage: owner.picture.url });
    });
  });

  it('ignores fields it does not own (role, email, verification)', async () => {
    const { token, email } = await signUpVerified(t);
    const response = await update(token, { role: 'admin', email: 'x@example.com', isEmailVerified: false });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ role: 'user', email, isEmailVerified: true });
  });

  it.each([
    [{ profileImage: 'javascript:alert(1)' }, 'profileImage', 'Invalid image URL'],
    [{ profileImage: 'not a url' }, 'profileImage', 'Invalid image URL'],
    [{ profileImage: `https://cdn.example/${'a'.repeat(2100)}` }, 'profileImage', 'Invalid image URL'],
    [{ firstName: '' }, 'firstName', 'Please fill in all fields'],
    [{ lastName: 'x'.repeat(51) }, 'lastName', 'Names must be at most 50 characters'],
  ])('refuses %j', async (body, field, message) => {
    const { token } = await signUpVerified(t);
    const response = await update(token, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
  });

  it('needs a token', async () => {
    expect((await post(t, '/api/auth/update-profile', { firstName: 'X' })).statusCode).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creatorMessages } from '../../../common/schemas/creators.ts';
import { type AccountsTestApp, bearer, signUpVerified, uniqueEmail } from '../../test/accounts.ts';
import { buildCreator, buildPost } from '../../test/creators.ts';
import { createMediaTestApp } from '../../test/media.ts';

// Addresses from known ranges of the GeoLite2 country database.
const UK = '81.2.69.160';
const US = '8.8.8.8';

describe('geo-blocking: a creator hides their page, posts and media from chosen countries', () => {
  let t: AccountsTestApp;
  const adminEmail = uniqueEmail('admin');
  let admin: { token: string };
  beforeAll(async () => {
    // Behind a proxy on 127.0.0.1: the client address comes from X-Forwarded-For.
    t = await createMediaTestApp({ ADMIN_EMAILS: adminEmail, TRUST_PROXY: '127.0.0.1' });
    admin = await signUpVerified(t, { email: adminEmail });
  });
  afterAll(async () => {
    await t.close();
  });

  const from = (ip: string, url: string, token?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': ip, ...(token ? bearer(token) : {}) },
    });

  it('answers the region message on every route that shows the creator, and leaves them out of lists', async () => {
    const creator = await buildCreator(t, { approveWith: admin.token });
    const post = await buildPost(t, creator.token, { youtube: true });
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/creators/me/blocked-countries',
      payload: { countries: ['gb', 'FR', 'GB'] },
      headers: bearer(creator.token),
    });
    expect(set.json()).toEqual({ countries: ['FR', 'GB'] });
    const avatar = new URL(String(creator.creator.avatarUrl), 'http://x').pathname.replace(/^\/api/, '/api');
    const handle = creator.creator.handle;
    const direct = [
      `/api/creators/${handle}`,
      `/api/creators/${handle}/posts`,
      `/api/posts/${post.id}`,
      avatar,
    ];

    for (const url of direct) {
      const blocked = await from(UK, url);
      expect(blocked.statusCode, url).toBe(451);
      expect(blocked.json(), url).toMatchObject({
        code: 'REGION_BLOCKED',
        message: creatorMessages.regionBlocked,
      });
      expect((await from(US, url)).statusCode, url).toBe(200);
      // Admins are exempt, and so is the creator.
      expect((await from(UK, url, admin.token)).statusCode, url).toBe(200);
      expect((await from(UK, url, creator.token)).statusCode, url).toBe(200);
    }

    const lists = [
      [
        '/api/discover?limit=100',
        (body: { items: { id: string }[] }) => body.items.map((item) => item.id),
        post.id,
      ],
      [
        `/api/search?q=${encodeURIComponent(handle)}&limit=50`,
        (body: { creators?: { handle: string }[]; items?: { handle: string }[] }) =>
          (body.creators ?? body.items ?? []).map((item) => item.handle),
        handle,
      ],
      [
        '/api/creators?limit=100',
        (body: { items: { handle: string }[] }) => body.items.map((item) => item.handle),
        handle,
      ],
    ] as const;
    for (const [url, pick, expected] of lists) {
      const uk = pick((await from(UK, url)).json());
      const us = pick((await from(US, url)).json());
      expect(uk, url).not.toContain(expected);
      expect(us, url).toContain(expected);
    }

    // A signed-in visitor from there too; a forged X-Forwarded-For from an untrusted address is ignored.
    const fan = await signUpVerified(t);
    expect((await from(UK, `/api/creators/${handle}`, fan.token)).statusCode).toBe(451);
    const forged = await t.app.inject({
      method: 'GET',
      url: `/api/creators/${handle}`,
      remoteAddress: UK,
      headers: { 'x-forwarded-for': US },
    });
    expect(forged.statusCode).toBe(451);

    // Cleared, the page is back.
    await t.app.inject({
      method: 'PUT',
      url: '/api/creators/me/blocked-countries',
      payload: { countries: [] },
      headers: bearer(creator.token),
    });
    expect((await from(UK, `/api/creators/${handle}`)).statusCode).toBe(200);
  });

  it('refuses codes that are not countries, and a page for someone who is not a creator', async () => {
    const creator = await buildCreator(t, { approveWith: admin.token });
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/creators/me/blocked-countries',
      payload: { countries: ['Great Britain'] },
      headers: bearer(creator.token),
    });
    expect(bad.statusCode).toBe(400);
    const fan = await signUpVerified(t);
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/creators/me/blocked-countries',
      headers: bearer(fan.token),
    });
    expect(none.statusCode).toBe(404);
  });
});

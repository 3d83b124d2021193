import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaView } from '../../../common/schemas/media.ts';
import { textMessages } from '../../../common/text.ts';
import { bearer, GOOD_PASSWORD, signUpVerified, uniqueEmail, uniqueIp } from '../../test/accounts.ts';
import { createMediaTestApp, type MediaTestApp, upload } from '../../test/media.ts';
import { jpeg } from '../../test/media-fixtures.ts';

/** The three causes of server errors found by fuzzing from outside, each pinned at its root. */
describe('inputs that used to answer 500', () => {
  let t: MediaTestApp;
  let fan: { token: string; email: string };
  let admin: { token: string };
  const adminEmail = uniqueEmail('admin');
  beforeAll(async () => {
    t = await createMediaTestApp({ ADMIN_EMAILS: adminEmail });
    fan = await signUpVerified(t);
    admin = await signUpVerified(t, { email: adminEmail });
  });
  afterAll(async () => {
    await t.close();
  });

  const inject = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object, token?: string) =>
    t.app.inject({
      method,
      url,
      remoteAddress: uniqueIp(),
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });

  it.each([
    [
      'a NUL in a signed-out JSON body',
      () => inject('POST', '/api/auth/signin', { email: 'a\u0000@x.io', password: 'x' }),
      'email',
    ],
    [
      'a NUL in a password',
      () => inject('POST', '/api/auth/signin', { email: 'a@x.io', password: `${GOOD_PASSWORD}\u0000` }),
      'password',
    ],
    ['a NUL in a query string', () => inject('GET', '/api/search?q=a%00b'), 'q'],
    ['a NUL in a route parameter', () => inject('GET', '/api/creators/a%00b'), 'handle'],
    ['a NUL in a nested route parameter', () => inject('GET', '/api/creators/a%00b/posts'), 'handle'],
    [
      'a bell character',
      () => inject('POST', '/api/auth/signin', { email: 'a\u0007@x.io', password: 'x' }),
      'email',
    ],
    ['DEL', () => inject('GET', '/api/search?q=a%7Fb'), 'q'],
    ['a C1 control', () => inject('GET', '/api/search?q=a%C2%85b'), 'q'],
    [
      'a control character in an object key',
      () => inject('POST', '/api/auth/signin', { email: 'a@x.io', password: 'x', 'e\u0000': 1 }),
      'body',
    ],
  ])('%s is a 400 naming the field', async (_label, send, field) => {
    const response = await send();
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: textMessages.controlCharacters,
      code: 'VALIDATION_FAILED',
      fields: { [field]: textMessages.controlCharacters },
    });
  });

  it('a signed-in text field (profile names) refuses a NUL, and keeps line breaks and tabs elsewhere', async () => {
    const nul = await inject(
      'POST',
      '/api/auth/update-profile',
      { firstName: 'Ad\u0000a', lastName: 'L' },
      fan.token,
    );
    expect(nul.statusCode).toBe(400);
    expect(nul.json().fields).toEqual({ firstName: textMessages.controlCharacters });
    const support = await inject(
      'POST',
      '/api/support',
      {
        name: 'Ada',
        email: fan.email,
        category: 'other',
        subject: 'Two lines',
        message: 'First line\r\nsecond\tline, long enough to be a real message.',
      },
      fan.token,
    );
    expect(support.statusCode).toBeLessThan(300);
  });

  it.each(['profile', 'property', 'banner', 'identity-document'])(
    'a multipart body cut off mid-file on /api/media/upload/%s is a 400',
    async (target) => {
      const boundary = '----fpcut';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        (await jpeg(64, 64)).subarray(0, 300),
      ]);
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/media/upload/${target}`,
        payload,
        remoteAddress: uniqueIp(),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(fan.token) },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'BAD_REQUEST',
        message: 'The upload was cut off or malformed. Please try again',
      });
    },
  );

  it.each([
    ['no boundary', 'multipart/form-data', 'hello'],
    [
      'a header without its end',
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="file"',
    ],
    ['only the closing boundary', 'multipart/form-data; boundary=x', '--x--\r\n'],
  ])('a multipart body with %s is a 400', async (_label, contentType, body) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/media/upload/profile',
      payload: body,
      remoteAddress: uniqueIp(),
      headers: { 'content-type': contentType, ...bearer(fan.token) },
    });
    expect(response.statusCode).toBe(400);
  });

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'])(
    'a media variant named %s is a 404 for its owner, an admin, another user and a visitor',
    async (variant) => {
      const uploaded = await upload(t, 'profile', fan.token, { data: await jpeg(64, 64) });
      expect(uploaded.statusCode).toBe(201);
      const { id } = uploaded.json<MediaView>();
      for (const token of [fan.token, admin.token, (await signUpVerified(t)).token, undefined]) {
        const response = await inject('GET', `/api/media/${id}/${variant}`, undefined, token);
        expect(response.statusCode).toBe(404);
      }
    },
  );

  it.each<[string, object]>([
    ['text with a NUL', { id: 'a\u0000b', at: 'x\u0000', k: 'k\u0000', f: '1\u0000', o: 'o\u0000' }],
    [
      'a date that is no date',
      { id: '00000000-0000-0000-0000-000000000000', at: 'yesterday', k: 'x', f: 'x', o: 'x' },
    ],
    ['an id that is no id', { id: 'nope', at: '2026-01-01T00:00:00.000Z', k: 'nope', f: 'NaN', o: 'nope' }],
    ['a __proto__ key only', JSON.parse('{"__proto__": {"id": "x", "at": "x", "k": "x"}}')],
  ])('a cursor holding %s is refused or ignored on every paged list, never a 5xx', async (label, key) => {
    const cursor = Buffer.from(JSON.stringify(key)).toString('base64url');
    for (const path of [
      '/api/discover',
      '/api/feed',
      '/api/creators',
      '/api/notifications',
      '/api/conversations',
      '/api/me/blocks',
      '/api/me/liked',
      '/api/me/purchases',
      '/api/me/subscriptions',
      '/api/me/transactions',
      '/api/admin/creators',
      '/api/admin/reports',
      '/api/admin/support',
      '/api/admin/payouts',
    ]) {
      const response = await inject('GET', `${path}?cursor=${cursor}`, undefined, admin.token);
      if (label === 'text with a NUL') expect(response.statusCode, `${path}: ${response.body}`).toBe(400);
      else expect(response.statusCode, `${path}: ${response.body}`).toBeLessThan(500);
    }
  });
});

import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import {
  type AccountsTestApp,
  createAccountsTestApp,
  GOOD_PASSWORD,
  get,
  post,
  signUp,
  signUpVerified,
  uniqueEmail,
} from '../../test/accounts.ts';
import { MINUTE } from '../../test/clock.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { type IssuerAccount, type OidcIssuer, startOidcIssuer } from '../../test/oidc-issuer.ts';

const PUBLIC_URL = 'http://localhost:3999';

describe('Google sign-in (OpenID Connect against a real provider)', () => {
  let issuer: OidcIssuer;
  let t: AccountsTestApp;
  beforeAll(async () => {
    issuer = await startOidcIssuer(`${PUBLIC_URL}/api/auth/google/callback`);
    t = await createAccountsTestApp({
      PUBLIC_URL,
      GOOGLE_CLIENT_ID: issuer.clientId,
      GOOGLE_CLIENT_SECRET: issuer.clientSecret,
      GOOGLE_ISSUER_URL: issuer.issuer,
    });
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });

  /** start -> the provider's login and consent -> our callback, as a browser would. */
  async function throughGoogle(subject: string, options: { sendCookie?: boolean } = {}) {
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/google/start' });
    expect(start.statusCode).toBe(302);
    const startLocation = String(start.headers.location);
    expect(startLocation.startsWith(`${issuer.issuer}/`)).toBe(true);
    const cookie = String(start.headers['set-cookie']).split(';')[0] ?? '';
    expect(String(start.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Lax/);
    const callbackUrl = await issuer.authorize(startLocation, subject);
    const callback = await t.app.inject({
      method: 'GET',
      url: `${callbackUrl.pathname}${callbackUrl.search}`,
      headers: options.sendCookie === false ? {} : { cookie },
    });
    expect(callback.statusCode).toBe(302);
    const target = new URL(String(callback.headers.location));
    return { startLocation, callbackUrl, target, cookie };
  }

  const exchange = (code: string) => post(t, '/api/auth/google/exchange', { code });

  function codeFrom(target: URL): string {
    expect(`${target.origin}${target.pathname}`).toBe(`${PUBLIC_URL}/auth/google/complete`);
    expect(target.search).toBe('');
    const code = new URLSearchParams(target.hash.slice(1)).get('code');
    if (!code) throw new Error(`no code in ${target.href}`);
    return code;
  }

  const account = (overrides: Partial<IssuerAccount> = {}) =>
    issuer.addAccount({
      email: uniqueEmail('g'),
      emailVerified: true,
      givenName: 'Grace',
      familyName: 'Hopper',
      ...overrides,
    });

  it('asks for the authorization code with PKCE, state and nonce', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/google/start' });
    const url = new URL(String(start.headers.location));
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    for (const name of ['code_challenge', 'state', 'nonce']) expect(url.searchParams.get(name)).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/auth/google/callback`);
  });

  it('creates a verified user from the claims, and the token never appears in a URL', async () => {
    const email = uniqueEmail('new');
    const subject = account({ email, givenName: 'Katherine', familyName: 'Johnson' });
    const flow = await throughGoogle(subject);
    const response = await exchange(codeFrom(flow.target));
    expect(response.statusCode).toBe(200);
    const { token, user } = response.json();
    expect(user).toMatchObject({ email, firstName: 'Katherine', lastName: 'Johnson', isEmailVerified: true });
    expect((await get(t, '/api/auth/profile', token)).json().user.id).toBe(user.id);
    for (const url of [flow.startLocation, flow.callbackUrl.href, flow.target.href]) {
      expect(url).not.toContain(token);
    }
    const again = await throughGoogle(subject);
    expect((await exchange(codeFrom(again.target))).json().user.id).toBe(user.id);
  });

  it('links to an existing account through the verified email', async () => {
    const existing = await signUpVerified(t);
    const subject = account({ email: existing.email.toUpperCase() });
    const { target } = await throughGoogle(subject);
    const { user } = (await exchange(codeFrom(target))).json();
    expect(user.id).toBe(existing.user.id);
    expect(
      (await post(t, '/api/auth/signin', { email: existing.email, password: GOOD_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('asks for the two-step code after Google too, when the account has it on', async () => {
    const existing = await signUpVerified(t);
    const { secret } = (await post(t, '/api/me/two-factor/setup', {}, { token: existing.token })).json<{
      secret: string;
    }>();
    const epoch = () => Math.floor(t.clock.now().getTime() / 1000);
    const enabled = await post(
      t,
      '/api/me/two-factor/enable',
      { code: await generate({ secret, epoch: epoch() }) },
      { token: existing.token },
    );
    expect(enabled.statusCode).toBe(200);
    t.clock.advance(30_000);
    const { target } = await throughGoogle(account({ email: existing.email }));
    const first = await exchange(codeFrom(target));
    const body = first.json<{ twoFactorRequired?: boolean; challenge?: string; token?: string }>();
    expect(body.twoFactorRequired).toBe(true);
    expect(body.token).toBeUndefined();
    const second = await post(t, '/api/auth/signin/two-factor', {
      challenge: body.challenge,
      code: await generate({ secret, epoch: epoch() }),
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().user.id).toBe(existing.user.id);
  });

  it('takes over an unverified account: its unproven password and sessions stop working', async () => {
    const { email } = await signUp(t);
    const squatter = (await post(t, '/api/auth/signin', { email, password: GOOD_PASSWORD })).json().token;
    const { target } = await throughGoogle(account({ email }));
    const { user } = (await exchange(codeFrom(target))).json();
    expect(user).toMatchObject({ email, isEmailVerified: true });
    expect((await get(t, '/api/auth/profile', squatter)).statusCode).toBe(401);
    expect((await post(t, '/api/auth/signin', { email, password: GOOD_PASSWORD })).statusCode).toBe(401);
  });

  it('refuses an unverified Google email: back to the sign-in page, no account made', async () => {
    const email = uniqueEmail('unverified');
    const { target } = await throughGoogle(account({ email, emailVerified: false }));
    expect(target.href).toBe(`${PUBLIC_URL}/login?error=google`);
    const rows = await t.app.services.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(0);
  });

  it('uses an exchange code once, and only for 2 minutes', async () => {
    const first = codeFrom((await throughGoogle(account())).target);
    expect((await exchange(first)).statusCode).toBe(200);
    const reused = await exchange(first);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe('This sign-in link is invalid or has expired');

    const late = codeFrom((await throughGoogle(account())).target);
    t.clock.advance(2 * MINUTE + 1000);
    expect((await exchange(late)).statusCode).toBe(400);
  });

  it('refuses a callback from another browser (no start cookie), a replayed one, and an expired attempt', async () => {
    const noCookie = await throughGoogle(account(), { sendCookie: false });
    expect(noCookie.target.href).toBe(`${PUBLIC_URL}/login?error=google`);

    const flow = await throughGoogle(account());
    codeFrom(flow.target);
    const replay = await t.app.inject({
      method: 'GET',
      url: `${flow.callbackUrl.pathname}${flow.callbackUrl.search}`,
      headers: { cookie: flow.cookie },
    });
    expect(replay.headers.location).toBe(`${PUBLIC_URL}/login?error=google`);

    const start = await t.app.inject({ method: 'GET', url: '/api/auth/google/start' });
    const callbackUrl = await issuer.authorize(String(start.headers.location), account());
    t.clock.advance(10 * MINUTE + 1000);
    const late = await t.app.inject({
      method: 'GET',
      url: `${callbackUrl.pathname}${callbackUrl.search}`,
      headers: { cookie: String(start.headers['set-cookie']).split(';')[0] ?? '' },
    });
    expect(late.headers.location).toBe(`${PUBLIC_URL}/login?error=google`);
  });

  it('sends a cancelled sign-in back to the sign-in page', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/google/start' });
    const state = new URL(String(start.headers.location)).searchParams.get('state');
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/auth/google/callback?error=access_denied&state=${state}`,
      headers: { cookie: String(start.headers['set-cookie']).split(';')[0] ?? '' },
    });
    expect(response.headers.location).toBe(`${PUBLIC_URL}/login?error=google`);
  });
});

describe('Google sign-in when not configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 404 with a JSON error on every route', async () => {
    const notConfigured = { message: 'Google sign-in is not configured', code: 'NOT_FOUND' };
    for (const url of ['/api/auth/google/start', '/api/auth/google/callback?code=x&state=y']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notConfigured);
    }
    const exchange = await t.app.inject({
      method: 'POST',
      url: '/api/auth/google/exchange',
      payload: { code: 'x' },
    });
    expect(exchange.statusCode).toBe(404);
    expect(exchange.json()).toEqual(notConfigured);
  });
});

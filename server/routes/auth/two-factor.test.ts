import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TwoFactorEnabled, TwoFactorSetup } from '../../../common/schemas/two-factor.ts';
import { twoFactorMessages } from '../../../common/schemas/two-factor.ts';
import { twoFactorSecrets } from '../../db/schema/index.ts';
import {
  type AccountsTestApp,
  bearer,
  createAccountsTestApp,
  GOOD_PASSWORD,
  get,
  post,
  signUpVerified,
  uniqueIp,
} from '../../test/accounts.ts';

describe('two-step sign-in (TOTP)', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const codeAt = (secret: string, offsetSeconds = 0) =>
    generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) + offsetSeconds });
  const nextStep = () => t.clock.advance(30_000);

  /** A verified account with two-step on; the clock is moved to a fresh 30-second step. */
  async function withTwoStep() {
    const account = await signUpVerified(t);
    const setup = await post(t, '/api/me/two-factor/setup', {}, { token: account.token });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret, otpauthUrl, qrCode } = setup.json<TwoFactorSetup>();
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Fanplace:.*secret=/);
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    const enabled = await post(
      t,
      '/api/me/two-factor/enable',
      { code: await codeAt(secret) },
      {
        token: account.token,
      },
    );
    expect(enabled.statusCode, enabled.body).toBe(200);
    const { recoveryCodes } = enabled.json<TwoFactorEnabled>();
    nextStep();
    return { ...account, secret, recoveryCodes };
  }

  const signIn = (email: string, password = GOOD_PASSWORD, ip = uniqueIp()) =>
    post(t, '/api/auth/signin', { email, password }, { ip });
  const second = (challenge: string, code: string, ip = uniqueIp()) =>
    post(t, '/api/auth/signin/two-factor', { challenge, code }, { ip });

  it('turns on with a scanned secret and a first code, stores the secret encrypted, and gives 10 recovery codes once', async () => {
    const account = await signUpVerified(t);
    expect((await get(t, '/api/me/two-factor', account.token)).json()).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    const { secret } = (
      await post(t, '/api/me/two-factor/setup', {}, { token: account.token })
    ).json<TwoFactorSetup>();
    // Until a code confirms it, sign-in is unchanged.
    expect((await signIn(account.email)).json()).toHaveProperty('token');
    const wrong = await post(t, '/api/me/two-factor/enable', { code: '000000' }, { token: account.token });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(twoFactorMessages.codeIncorrect);
    const enabled = await post(
      t,
      '/api/me/two-factor/enable',
      { code: await codeAt(secret) },
      {
        token: account.token,
      },
    );
    const { recoveryCodes } = enabled.json<TwoFactorEnabled>();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await get(t, '/api/me/two-factor', account.token)).json()).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
    });
    const [row] = await t.app.services.database.db
      .select()
      .from(twoFactorSecrets)
      .where(eq(twoFactorSecrets.userId, account.user.id));
    expect(row?.secretCiphertext).toBeTruthy();
    expect(row?.secretCiphertext).not.toContain(secret);
    // A second setup cannot replace an enabled secret.
    expect((await post(t, '/api/me/two-factor/setup', {}, { token: account.token })).statusCode).toBe(409);
  });

  it('asks for a code after the password; refuses wrong, reused and expired codes; a fresh code signs in', async () => {
    const account = await withTwoStep();
    const first = await signIn(account.email);
    expect(first.statusCode).toBe(200);
    const body = first.json<{ twoFactorRequired: boolean; challenge: string }>();
    expect(body).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    expect(first.body).not.toContain(account.email);

    expect((await second(body.challenge, '123456')).statusCode).toBe(400);
    // Two steps old: outside the window of one step.
    expect((await second(body.challenge, await codeAt(account.secret, -60))).statusCode).toBe(400);
    const code = await codeAt(account.secret);
    const ok = await second(body.challenge, code);
    expect(ok.statusCode, ok.body).toBe(200);
    const session = ok.json<{ token: string }>().token;
    expect((await get(t, '/api/auth/profile', session)).statusCode).toBe(200);

    // The same code again, even in a new sign-in within its window: refused.
    const again = (await signIn(account.email)).json<{ challenge: string }>().challenge;
    expect((await second(again, code)).statusCode).toBe(400);
    // One step behind is still accepted (clock drift) when it is newer than the last code used.
    nextStep();
    nextStep();
    expect((await second(again, await codeAt(account.secret, -30))).statusCode).toBe(200);
  });

  it('takes each recovery code once', async () => {
    const account = await withTwoStep();
    const [recovery] = account.recoveryCodes as [string];
    const challenge = (await signIn(account.email)).json<{ challenge: string }>().challenge;
    expect((await second(challenge, recovery.toUpperCase().replace('-', ' '))).statusCode).toBe(200);
    const next = (await signIn(account.email)).json<{ challenge: string }>().challenge;
    const reused = await second(next, recovery);
    expect(reused.statusCode).toBe(400);
    expect((await get(t, '/api/me/two-factor', account.token)).json().recoveryCodesLeft).toBe(9);
  });

  it('limits tries: 5 per challenge, and 10 wrong codes lock the account like wrong passwords', async () => {
    const account = await withTwoStep();
    const challenge = (await signIn(account.email)).json<{ challenge: string }>().challenge;
    for (let i = 0; i < 5; i++) expect((await second(challenge, '000000')).statusCode).toBe(400);
    const spent = await second(challenge, await codeAt(account.secret));
    expect(spent.statusCode).toBe(401);
    expect(spent.json().message).toBe(twoFactorMessages.challengeExpired);

    for (let i = 0; i < 5; i++) {
      const fresh = (await signIn(account.email)).json<{ challenge: string }>().challenge;
      await second(fresh, '000000');
    }
    const locked = (await signIn(account.email)).json<{ challenge: string }>().challenge;
    const refused = await second(locked, await codeAt(account.secret));
    expect(refused.statusCode).toBe(429);
    // A challenge also expires after 10 minutes.
    t.clock.advance(60 * 60_000);
    const late = (await signIn(account.email)).json<{ challenge: string }>().challenge;
    t.clock.advance(11 * 60_000);
    expect((await second(late, await codeAt(account.secret))).statusCode).toBe(401);
  });

  it('refuses sensitive actions without a recent second factor, and allows them after a code', async () => {
    const account = await withTwoStep();
    // The session that turned it on proved a code; five minutes later it must prove one again.
    t.clock.advance(6 * 60_000);
    const token = account.token;
    const attempts = [
      () =>
        post(
          t,
          '/api/auth/change-password',
          {
            currentPassword: GOOD_PASSWORD,
            newPassword: 'a brand new passphrase 42',
          },
          { token },
        ),
      () =>
        post(
          t,
          '/api/me/email',
          { newEmail: 'new-address@example.com', currentPassword: GOOD_PASSWORD },
          { token },
        ),
      () => post(t, '/api/me/delete', { password: GOOD_PASSWORD }, { token }),
      () => post(t, '/api/wallet/payouts', {}, { token }),
      // Changing where payouts go needs the password and, with two-step on, a recent code.
      () =>
        t.app.inject({
          method: 'PUT',
          url: '/api/payouts/account',
          headers: bearer(token),
          payload: {
            country: 'NG',
            bankCode: '058',
            accountNumber: '0123456789',
            currentPassword: GOOD_PASSWORD,
          },
        }),
      () => t.app.inject({ method: 'DELETE', url: '/api/me/two-factor', headers: bearer(token) }),
    ];
    for (const attempt of attempts) {
      const response = await attempt();
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'TWO_FACTOR_REQUIRED',
        message: twoFactorMessages.required,
      });
    }
    expect((await post(t, '/api/me/two-factor/confirm', { code: '000000' }, { token })).statusCode).toBe(400);
    const confirmed = await post(
      t,
      '/api/me/two-factor/confirm',
      { code: await codeAt(account.secret) },
      {
        token,
      },
    );
    expect(confirmed.statusCode).toBe(200);
    const changed = await (attempts[0] as () => ReturnType<typeof post>)();
    expect(changed.statusCode, changed.body).toBe(200);
    const off = await t.app.inject({ method: 'DELETE', url: '/api/me/two-factor', headers: bearer(token) });
    expect(off.json()).toEqual({ message: twoFactorMessages.disabled });
    // Off: the password alone signs in again.
    const plain = await signIn(account.email, 'a brand new passphrase 42');
    expect(plain.json()).toHaveProperty('token');
  });
});

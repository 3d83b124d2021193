import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passkeyMessages } from '../../../common/schemas/passkeys.ts';
import {
  type AccountsTestApp,
  bearer,
  createAccountsTestApp,
  GOOD_PASSWORD,
  get,
  post,
  signUpVerified,
} from '../../test/accounts.ts';
import { createSoftwareAuthenticator } from '../../test/software-authenticator.ts';

describe('passkeys', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const challengeFrom = async (url: string, token?: string) =>
    (await post(t, url, {}, token ? { token } : {})).json<{ challenge: string }>().challenge;

  async function withPasskey() {
    const account = await signUpVerified(t);
    const key = createSoftwareAuthenticator(t.config.publicUrl);
    const challenge = await challengeFrom('/api/me/passkeys/options', account.token);
    const added = await post(
      t,
      '/api/me/passkeys',
      { name: 'Phone', response: key.register(challenge) },
      { token: account.token },
    );
    expect(added.statusCode, added.body).toBe(201);
    return { ...account, key };
  }

  const passkeySignIn = async (key: ReturnType<typeof createSoftwareAuthenticator>, origin?: string) => {
    const challenge = await challengeFrom('/api/auth/passkey/options');
    return post(t, '/api/auth/passkey', {
      response: key.authenticate(challenge, origin ? { origin } : {}),
    });
  };

  it('adds a passkey and signs in with it, without a password, as two factors', async () => {
    const account = await withPasskey();
    const list = (await get(t, '/api/me/passkeys', account.token)).json<{
      items: { id: string; name: string }[];
    }>();
    expect(list.items).toEqual([
      expect.objectContaining({ id: account.key.id, name: 'Phone', lastUsedAt: null }),
    ]);
    expect(JSON.stringify(list)).not.toMatch(/publicKey|public_key/);

    // Two-step on (turned on in the other session): a password still needs a code, a passkey does not.
    const { secret } = (await post(t, '/api/me/two-factor/setup', {}, { token: account.token })).json<{
      secret: string;
    }>();
    const epoch = Math.floor(t.clock.now().getTime() / 1000);
    const on = await post(
      t,
      '/api/me/two-factor/enable',
      { code: await generate({ secret, epoch }) },
      { token: account.token },
    );
    expect(on.statusCode).toBe(200);
    const withPassword = await post(t, '/api/auth/signin', { email: account.email, password: GOOD_PASSWORD });
    expect(withPassword.json()).toHaveProperty('twoFactorRequired', true);

    const signedIn = await passkeySignIn(account.key);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const token = signedIn.json<{ token: string; user: { id: string } }>().token;
    expect(signedIn.json().user.id).toBe(account.user.id);
    // The passkey session may do a sensitive action without being asked for a code.
    t.clock.advance(60_000);
    const changed = await post(
      t,
      '/api/auth/change-password',
      { currentPassword: GOOD_PASSWORD, newPassword: 'another long passphrase 7' },
      { token },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const used = (await get(t, '/api/me/passkeys', token)).json<{ items: { lastUsedAt: string | null }[] }>();
    expect(used.items[0]?.lastUsedAt).not.toBeNull();
  });

  it('refuses a reused challenge, another origin, and an unknown passkey', async () => {
    const account = await withPasskey();
    const challenge = await challengeFrom('/api/auth/passkey/options');
    const first = await post(t, '/api/auth/passkey', { response: account.key.authenticate(challenge) });
    expect(first.statusCode).toBe(200);
    const replay = await post(t, '/api/auth/passkey', { response: account.key.authenticate(challenge) });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(passkeyMessages.expired);

    const phishing = await passkeySignIn(account.key, 'https://fanplace.example.evil');
    expect(phishing.statusCode).toBe(401);
    expect(phishing.json().message).toBe(passkeyMessages.failed);

    const stranger = createSoftwareAuthenticator(t.config.publicUrl);
    expect((await passkeySignIn(stranger)).statusCode).toBe(401);

    // A registration answer to a challenge that was never given is refused too.
    const forged = await post(
      t,
      '/api/me/passkeys',
      { name: 'Forged', response: stranger.register('bm90LWEtcmVhbC1jaGFsbGVuZ2U') },
      { token: account.token },
    );
    expect(forged.statusCode).toBe(400);
  });

  it("answers 409 to a passkey whose credential is already registered, another account's or one's own", async () => {
    const owner = await withPasskey();
    const other = await signUpVerified(t);
    for (const account of [other, owner]) {
      const challenge = await challengeFrom('/api/me/passkeys/options', account.token);
      const again = await post(
        t,
        '/api/me/passkeys',
        { name: 'Copied', response: owner.key.register(challenge) },
        { token: account.token },
      );
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json().message).toBe(passkeyMessages.alreadyRegistered);
    }
    const mine = await get(t, '/api/me/passkeys', other.token);
    expect(mine.json<{ items: unknown[] }>().items).toEqual([]);
  });

  it('renames and removes only your own passkeys, and asks for a name', async () => {
    const owner = await withPasskey();
    const other = await signUpVerified(t);
    const url = `/api/me/passkeys/${owner.key.id}`;
    const patch = (token: string, name: string) =>
      t.app.inject({ method: 'PATCH', url, payload: { name }, headers: bearer(token) });
    expect((await patch(other.token, 'Mine now')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url, headers: bearer(other.token) })).statusCode).toBe(
      404,
    );
    const blank = await patch(owner.token, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(passkeyMessages.nameRequired);
    expect((await patch(owner.token, 'Tablet')).json()).toMatchObject({ name: 'Tablet' });
    expect((await t.app.inject({ method: 'DELETE', url, headers: bearer(owner.token) })).statusCode).toBe(
      200,
    );
    expect((await passkeySignIn(owner.key)).statusCode).toBe(401);
  });
});

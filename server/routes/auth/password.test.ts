import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountsTestApp,
  createAccountsTestApp,
  GOOD_PASSWORD,
  get,
  post,
  signUp,
  signUpVerified,
  uniqueEmail,
  uniqueIp,
} from '../../test/accounts.ts';
import { MINUTE } from '../../test/clock.ts';

const PUBLIC_URL = 'https://fans.example';
const NEW_PASSWORD = 'a brand new passphrase';

describe('forgot and reset password', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsTestApp({ PUBLIC_URL });
  });
  afterAll(async () => {
    await t.close();
  });

  const forgot = (email: string, ip = uniqueIp()) => post(t, '/api/auth/forgot-password', { email }, { ip });
  const reset = (token: string, password = NEW_PASSWORD) =>
    post(t, '/api/auth/reset-password', { token, password });
  const signin = (email: string, password: string) => post(t, '/api/auth/signin', { email, password });

  async function resetTokenFor(email: string): Promise<string> {
    const before = t.smtp.messages.length;
    expect((await forgot(email)).statusCode).toBe(200);
    const mail = await t.smtp.waitFor(
      (m) => m.to.includes(email) && m.subject.includes('Reset') && t.smtp.messages.indexOf(m) >= before,
    );
    const link = new RegExp(`${PUBLIC_URL}/reset-password\\?token=([A-Za-z0-9_-]+)`).exec(mail.text);
    if (!link?.[1]) throw new Error(`no reset link in: ${mail.text}`);
    expect(mail.html).toContain(`${PUBLIC_URL}/reset-password?token=${link[1]}`);
    return link[1];
  }

  it('answers the same for a known and an unknown email, and mails only the known one a PUBLIC_URL link', async () => {
    const { email } = await signUpVerified(t);
    const ghost = uniqueEmail('ghost');
    const known = await forgot(email);
    const unknown = await forgot(ghost);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: 'If an account exists for that email, we sent a reset link.' });
    expect(unknown.body).toBe(known.body);
    const mail = await t.smtp.waitFor((m) => m.to.includes(email) && m.subject.includes('Reset'));
    expect(mail.text).toMatch(new RegExp(`${PUBLIC_URL}/reset-password\\?token=[A-Za-z0-9_-]{43}`));
    // Every mail these requests started has reached the capture once the outbox is idle.
    await t.app.services.outbox.idle();
    expect(t.smtp.messages.filter((m) => m.to.includes(ghost))).toHaveLength(0);
  });

  it('does not make the caller wait for the mail server (the timing says nothing)', async () => {
    const { email } = await signUpVerified(t);
    t.smtp.delayReplies(3000);
    try {
      const started = performance.now();
      expect((await forgot(email)).statusCode).toBe(200);
      expect(performance.now() - started).toBeLessThan(2000);
      await t.smtp.waitFor((m) => m.to.includes(email) && m.subject.includes('Reset'));
    } finally {
      t.smtp.delayReplies(0);
    }
  });

  it('asks for the email', async () => {
    const response = await post(t, '/api/auth/forgot-password', { email: ' ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please enter your email address');
  });

  it('limits requests per email (5 an hour), known or not, and per IP', async () => {
    for (const email of [(await signUpVerified(t)).email, uniqueEmail('ghost')]) {
      for (let i = 0; i < 5; i++) expect((await forgot(email)).statusCode).toBe(200);
      const limited = await forgot(email);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().retryAfterSeconds).toBeGreaterThan(0);
    }
    const ip = uniqueIp();
    for (let i = 0; i < 20; i++) expect((await forgot(uniqueEmail('spray'), ip)).statusCode).toBe(200);
    expect((await forgot(uniqueEmail('spray'), ip)).statusCode).toBe(429);
  });

  it('resets the password once with the link; the old password and the link stop working', async () => {
    const { email } = await signUpVerified(t);
    const token = await resetTokenFor(email);
    const response = await reset(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Password reset successfully' });
    expect((await signin(email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await signin(email, GOOD_PASSWORD)).statusCode).toBe(401);

    const again = await reset(token, 'yet another passphrase');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: 'This reset link is invalid or has expired' });
  });

  it('refuses a link older than one hour', async () => {
    const { email } = await signUpVerified(t);
    const token = await resetTokenFor(email);
    t.clock.advance(60 * MINUTE + 1000);
    const response = await reset(token);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('This reset link is invalid or has expired');
    expect((await reset('made-up-token')).json().message).toBe('This reset link is invalid or has expired');
  });

  it('signs out every session of the user', async () => {
    const { email, token: first } = await signUpVerified(t);
    const second = (await signin(email, GOOD_PASSWORD)).json().token;
    await reset(await resetTokenFor(email));
    expect((await get(t, '/api/auth/profile', first)).statusCode).toBe(401);
    expect((await get(t, '/api/auth/profile', second)).statusCode).toBe(401);
  });

  it('checks the new password before spending the link', async () => {
    const { email } = await signUpVerified(t);
    const token = await resetTokenFor(email);
    const short = await reset(token, 'short');
    expect(short.json().fields.password).toBe('Password must be at least 8 characters');
    const common = await reset(token, 'password123');
    expect(common.json().fields.password).toBe(
      'This password is too common. Please choose a less common one',
    );
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('verifies the email of an account that was not yet verified (the link proves the mailbox)', async () => {
    const { email } = await signUp(t);
    await reset(await resetTokenFor(email));
    expect((await signin(email, NEW_PASSWORD)).json().user.isEmailVerified).toBe(true);
  });

  it('lifts a sign-in lockout', async () => {
    const { email } = await signUpVerified(t);
    for (let i = 0; i < 10; i++) await signin(email, `wrong ${i}`);
    expect((await signin(email, GOOD_PASSWORD)).statusCode).toBe(429);
    await reset(await resetTokenFor(email));
    expect((await signin(email, NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe('change password', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const change = (token: string, body: object) => post(t, '/api/auth/change-password', body, { token });

  it.each([
    [{ currentPassword: '', newPassword: NEW_PASSWORD }, 'currentPassword', 'Current password is required'],
    [{ currentPassword: GOOD_PASSWORD, newPassword: '' }, 'newPassword', 'New password is required'],
    [{ currentPassword: GOOD_PASSWORD }, 'newPassword', 'New password is required'],
    [
      { currentPassword: GOOD_PASSWORD, newPassword: 'short' },
      'newPassword',
      'Password must be at least 8 characters',
    ],
  ])('refuses %j: %s says "%s"', async (body, field, message) => {
    const { token } = await signUpVerified(t);
    const response = await change(token, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
  });

  it('refuses a wrong current password', async () => {
    const { token } = await signUpVerified(t);
    const response = await change(token, { currentPassword: 'not it at all', newPassword: NEW_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Current password is incorrect',
      code: 'BAD_REQUEST',
      fields: { currentPassword: 'Current password is incorrect' },
    });
  });

  it('refuses a common new password', async () => {
    const { token } = await signUpVerified(t);
    const response = await change(token, { currentPassword: GOOD_PASSWORD, newPassword: 'iloveyou1' });
    expect(response.json().fields.newPassword).toBe(
      'This password is too common. Please choose a less common one',
    );
  });

  it('changes it, keeps this session, signs out the others and mails a notice', async () => {
    const { email, token } = await signUpVerified(t);
    const other = (await post(t, '/api/auth/signin', { email, password: GOOD_PASSWORD })).json().token;
    const response = await change(token, { currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Password changed successfully' });
    expect((await get(t, '/api/auth/profile', token)).statusCode).toBe(200);
    expect((await get(t, '/api/auth/profile', other)).statusCode).toBe(401);
    expect((await post(t, '/api/auth/signin', { email, password: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await post(t, '/api/auth/signin', { email, password: GOOD_PASSWORD })).statusCode).toBe(401);
    await t.smtp.waitFor((m) => m.to.includes(email) && m.subject === 'Your Fanplace password was changed');
  });

  it('needs a token', async () => {
    const response = await post(t, '/api/auth/change-password', {
      currentPassword: GOOD_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(401);
  });
});

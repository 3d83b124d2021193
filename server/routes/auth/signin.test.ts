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

describe('sign-in', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const signin = (email: string, password: string, ip = uniqueIp()) =>
    post(t, '/api/auth/signin', { email, password }, { ip });

  it('answers {token, user} for the right password, whatever the case of the email', async () => {
    const { email, user } = await signUpVerified(t);
    const response = await signin(`  ${email.toUpperCase()}`, GOOD_PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user).toEqual(user);
    expect(JSON.stringify(body)).not.toMatch(/argon2|passwordHash/);
  });

  it('lets an unverified user sign in, saying so in the user', async () => {
    const { email } = await signUp(t);
    const response = await signin(email, GOOD_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json().user.isEmailVerified).toBe(false);
  });

  it('gives the same 401 for a wrong password and for an unknown email', async () => {
    const { email } = await signUpVerified(t);
    const wrongPassword = await signin(email, 'not the password');
    const unknownEmail = await signin(uniqueEmail('nobody'), 'not the password');
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Password or email incorrect', code: 'UNAUTHORIZED' });
    }
  });

  it('spends the same argon2 work on an unknown email as on a wrong password', async () => {
    const { email } = await signUpVerified(t);
    const nobody = uniqueEmail('nobody');
    // The CPU time this process spends (argon2 runs on its thread pool, counted too), not the wall
    // time: a busy machine stretches the wall clock but not the work, which is what must match.
    const timed = async (login: string, i: number) => {
      const started = process.cpuUsage();
      await signin(login, `wrong ${i}`);
      const spent = process.cpuUsage(started);
      return (spent.user + spent.system) / 1000;
    };
    // Taken in turns, so anything else this process does weighs on both sides alike.
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await timed(email, i));
      unknown.push(await timed(nobody, i));
    }
    const median = (times: number[]) => times.sort((a, b) => a - b)[2] ?? 0;
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.6);
  });

  it('asks for both fields', async () => {
    const response = await post(t, '/api/auth/signin', { email: '', password: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please enter both email and password');
  });

  it('locks an account for 15 minutes after 10 failures, even for the right password', async () => {
    const { email } = await signUpVerified(t);
    for (let i = 0; i < 10; i++) expect((await signin(email, `wrong ${i}`)).statusCode).toBe(401);
    const locked = await signin(email, GOOD_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      message: 'Too many failed sign-in attempts. Please try again later',
      code: 'RATE_LIMITED',
      retryAfterSeconds: 900,
    });
    t.clock.advance(5 * MINUTE);
    expect((await signin(email, GOOD_PASSWORD)).json().retryAfterSeconds).toBe(600);
    t.clock.advance(10 * MINUTE);
    expect((await signin(email, GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it('makes the next lockout longer (growing delay)', async () => {
    const { email } = await signUpVerified(t);
    for (let i = 0; i < 10; i++) await signin(email, `wrong ${i}`);
    expect((await signin(email, GOOD_PASSWORD)).json().retryAfterSeconds).toBe(900);
    t.clock.advance(15 * MINUTE);
    for (let i = 0; i < 10; i++) expect((await signin(email, `wrong again ${i}`)).statusCode).toBe(401);
    expect((await signin(email, GOOD_PASSWORD)).json().retryAfterSeconds).toBe(1800);
  });

  it('locks an unknown email the same way, so a lock says nothing about an account', async () => {
    const email = uniqueEmail('ghost');
    for (let i = 0; i < 10; i++) expect((await signin(email, `wrong ${i}`)).statusCode).toBe(401);
    expect((await signin(email, 'anything')).statusCode).toBe(429);
  });

  it('limits failures per IP across accounts (50 per 15 minutes)', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 50; i++) await signin(uniqueEmail('spray'), 'Password123!', ip);
    const { email } = await signUpVerified(t);
    const blocked = await signin(email, GOOD_PASSWORD, ip);
    expect(blocked.statusCode).toBe(429);
    expect((await signin(email, GOOD_PASSWORD)).statusCode).toBe(200);
  });
});

describe('sign-out and the bearer token', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 401 {Unauthorized} without a token, with a bad one, and after logout', async () => {
    const unauthorized = { message: 'Unauthorized', code: 'UNAUTHORIZED' };
    expect((await get(t, '/api/auth/profile')).json()).toEqual(unauthorized);
    const garbage = await get(t, '/api/auth/profile', 'x'.repeat(43));
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json()).toEqual(unauthorized);

    const { token } = await signUpVerified(t);
    expect((await get(t, '/api/auth/profile', token)).statusCode).toBe(200);
    const logout = await post(t, '/api/auth/logout', {}, { token });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ message: 'Logged out successfully' });
    const after = await get(t, '/api/auth/profile', token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(unauthorized);
  });

  it('logout ends only its own session', async () => {
    const { email, token } = await signUpVerified(t);
    const other = (await post(t, '/api/auth/signin', { email, password: GOOD_PASSWORD })).json().token;
    await post(t, '/api/auth/logout', {}, { token });
    expect((await get(t, '/api/auth/profile', other)).statusCode).toBe(200);
  });

  it('keeps a session alive for 30 days after its last use (sliding), then ends it', async () => {
    const day = 24 * 60 * MINUTE;
    const { token } = await signUpVerified(t);
    t.clock.advance(29 * day);
    expect((await get(t, '/api/auth/profile', token)).statusCode).toBe(200);
    t.clock.advance(29 * day);
    expect((await get(t, '/api/auth/profile', token)).statusCode).toBe(200);
    t.clock.advance(30 * day + 1000);
    expect((await get(t, '/api/auth/profile', token)).statusCode).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import {
  type AccountsTestApp,
  codeIn,
  createAccountsTestApp,
  GOOD_PASSWORD,
  get,
  lastMailTo,
  post,
  signUp,
  uniqueEmail,
  uniqueIp,
} from '../../test/accounts.ts';
import { MINUTE } from '../../test/clock.ts';

const signup = (t: AccountsTestApp, body: object, ip?: string) =>
  post(t, '/api/auth/signup', body, ip ? { ip } : {});

const valid = () => ({
  email: uniqueEmail(),
  password: GOOD_PASSWORD,
  firstName: 'Grace',
  lastName: 'Hopper',
  acceptTerms: true,
});

describe('sign-up', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates an unverified account, answers 201 {email, message} without a token, and mails a 6-digit code', async () => {
    const email = uniqueEmail('New');
    const response = await signup(t, { ...valid(), email: `  ${email.toUpperCase()} ` });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      email: email.toLowerCase(),
      message: 'Account created successfully. Please check your email for verification.',
    });
    const rows = await t.app.services.database.db.select().from(users);
    expect(rows.find((row) => row.email === email.toLowerCase())).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      isEmailVerified: false,
    });
    const mail = await t.smtp.waitFor((m) => m.to.includes(email.toLowerCase()));
    expect(mail.subject).toMatch(/verification code/);
    expect(codeIn(mail)).toMatch(/^\d{6}$/);
    expect(mail.html).toContain(codeIn(mail));
  });

  it('stores the password as argon2id (m=19456, t=2, p=1), never in the clear', async () => {
    const { email } = await signUp(t);
    const rows = await t.app.services.database.db.select().from(users);
    const row = rows.find((r) => r.email === email);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.passwordHash).not.toContain(GOOD_PASSWORD);
  });

  it('answers a taken email (whatever its case) exactly as a new one, and tells its owner instead', async () => {
    const { email } = await signUp(t, { firstName: 'Ada', lastName: 'Lovelace' });
    const fresh = uniqueEmail('fresh');
    const [taken, free] = await Promise.all([
      signup(t, { ...valid(), email: email.toUpperCase(), firstName: 'Eve' }),
      signup(t, { ...valid(), email: fresh }),
    ]);
    expect([taken.statusCode, free.statusCode]).toEqual([201, 201]);
    expect(taken.json()).toEqual({ ...free.json(), email });
    expect(Object.keys(taken.headers).sort()).toEqual(Object.keys(free.headers).sort());

    const notice = await t.smtp.waitFor((m) => m.to.includes(email) && /tried to create/.test(m.subject));
    expect(notice.text).toContain(`${t.config.publicUrl}/login`);
    expect(notice.text).toContain(`${t.config.publicUrl}/login?forgot=1`);
    expect(notice.text).not.toMatch(/verification code is/);
    // Nothing changed: the account keeps its name and password, and no second account exists.
    const rows = await t.app.services.database.db.select().from(users);
    const matching = rows.filter((row) => row.email === email);
    expect(matching).toHaveLength(1);
    expect(matching[0]?.firstName).toBe('Ada');
    expect((await post(t, '/api/auth/signin', { email, password: GOOD_PASSWORD })).statusCode).toBe(200);
  });

  it.each([
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: 'not-an-email' }, 'email', 'Invalid email address'],
    [{ password: 'short' }, 'password', 'Password must be at least 8 characters'],
    [{ password: 'x'.repeat(129) }, 'password', 'Password must be at most 128 characters'],
    [{ firstName: '  ' }, 'firstName', 'Please fill in all fields'],
    [{ lastName: undefined }, 'lastName', 'Please fill in all fields'],
    [{ acceptTerms: false }, 'acceptTerms', 'You must be at least 18 and accept the terms'],
    [{ acceptTerms: undefined }, 'acceptTerms', 'You must be at least 18 and accept the terms'],
  ])('refuses %j: %s says "%s"', async (override, field, message) => {
    const response = await signup(t, { ...valid(), ...override });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.fields[field]).toBe(message);
  });

  it('refuses the 10,000 most common passwords, whatever their case', async () => {
    for (const password of ['password1', 'QWERTYUIOP', 'iloveyou']) {
      const response = await signup(t, { ...valid(), password });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({
        password: 'This password is too common. Please choose a less common one',
      });
    }
  });

  it('limits sign-ups per IP (10 an hour)', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 10; i++) expect((await signup(t, valid(), ip)).statusCode).toBe(201);
    const response = await signup(t, valid(), ip);
    expect(response.statusCode).toBe(429);
    expect(response.json().retryAfterSeconds).toBeGreaterThan(0);
  });
});

describe('email verification', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const verify = (body: object) => post(t, '/api/auth/verify-email', body);
  const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

  it('verifies with the mailed code, signs the user in and the code works once', async () => {
    const { email, code } = await signUp(t);
    const response = await verify({ email: email.toUpperCase(), code });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user).toMatchObject({ email, isEmailVerified: true });
    const profile = await get(t, '/api/auth/profile', body.token);
    expect(profile.json().user.isEmailVerified).toBe(true);

    const again = await verify({ email, code });
    expect(again.statusCode).toBe(400);
  });

  it('asks for the code when it is empty, and for an email when there is none', async () => {
    const { email } = await signUp(t);
    const empty = await verify({ email, code: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields.code).toBe('Please enter verification code');
    const noEmail = await verify({ code: '123456' });
    expect(noEmail.json().fields.email).toBe('Could not find email to verify');
  });

  it('voids the code after 5 wrong tries: even the right code fails then', async () => {
    const { email, code } = await signUp(t);
    for (let i = 1; i <= 4; i++) {
      const response = await verify({ email, code: wrong(code) });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Incorrect verification code');
    }
    const fifth = await verify({ email, code: wrong(code) });
    expect(fifth.json().message).toBe('Too many incorrect attempts. Please request a new code');
    const right = await verify({ email, code });
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe('This code has expired or was already used. Please request a new one');
  });

  it('lets a code expire after 10 minutes', async () => {
    const { email, code } = await signUp(t);
    t.clock.advance(10 * MINUTE + 1000);
    const response = await verify({ email, code });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'This code has expired or was already used. Please request a new one',
    );
  });

  it('accepts a code used within 10 minutes', async () => {
    const { email, code } = await signUp(t);
    t.clock.advance(9 * MINUTE);
    expect((await verify({ email, code })).statusCode).toBe(200);
  });

  it('answers an unknown email like a wrong code, without saying the account is missing', async () => {
    const response = await verify({ email: uniqueEmail('nobody'), code: '123456' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'This code has expired or was already used. Please request a new one',
    );
  });
});

describe('resending the code', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const resend = (email: string) => post(t, '/api/auth/resend-verification', { email });
  const mailsTo = (email: string) => t.smtp.messages.filter((m) => m.to.includes(email));

  it('mails a new code that replaces the old one, then makes the address wait 600 s', async () => {
    const { email, code: first } = await signUp(t);
    const response = await resend(email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Email verification sent' });
    await t.smtp.waitFor(() => mailsTo(email).length === 2);
    const second = codeIn(lastMailTo(t, email));

    t.clock.advance(100_000);
    const tooSoon = await resend(email);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 500 });
    expect(tooSoon.headers['retry-after']).toBe('500');

    if (first !== second) {
      const old = await post(t, '/api/auth/verify-email', { email, code: first });
      expect(old.statusCode).toBe(400);
    }
    expect((await post(t, '/api/auth/verify-email', { email, code: second })).statusCode).toBe(200);
  });

  it('allows another resend once the 600 s are over', async () => {
    const { email } = await signUp(t);
    expect((await resend(email)).statusCode).toBe(200);
    t.clock.advance(600_000);
    expect((await resend(email)).statusCode).toBe(200);
    await t.smtp.waitFor(() => mailsTo(email).length === 3);
  });

  it('answers the same for an unknown email, waits the same, and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    const response = await resend(email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Email verification sent' });
    expect((await resend(email)).statusCode).toBe(429);
    // Every mail these requests started has reached the capture once the outbox is idle.
    await t.app.services.outbox.idle();
    expect(mailsTo(email)).toHaveLength(0);
  });
});

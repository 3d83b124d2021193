import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { userResponseSchema } from '../../../common/schemas/auth.ts';
import { type EmailChangeResult, safetyMessages } from '../../../common/schemas/safety.ts';
import {
  type AccountsTestApp,
  codeIn,
  createAccountsTestApp,
  GOOD_PASSWORD,
  get,
  post,
  signUpVerified,
  uniqueEmail,
} from '../../test/accounts.ts';
import { MINUTE } from '../../test/clock.ts';

describe('changing the email address', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const ask = (token: string, newEmail: string, currentPassword = GOOD_PASSWORD) =>
    post(t, '/api/me/email', { newEmail, currentPassword }, { token });
  const confirm = (token: string, code: string) => post(t, '/api/me/email/confirm', { code }, { token });
  const signin = (email: string) => post(t, '/api/auth/signin', { email, password: GOOD_PASSWORD });
  const me = async (token: string) =>
    (await get(t, '/api/auth/profile', token)).json<z.infer<typeof userResponseSchema>>().user;

  async function codeSentTo(email: string, after: number): Promise<string> {
    const mail = await t.smtp.waitFor(
      (m) =>
        m.to.includes(email) && t.smtp.messages.indexOf(m) >= after && m.text.includes('verification code'),
    );
    return codeIn(mail);
  }

  it('changes nothing until the code sent to the new address is entered, then the new address signs in', async () => {
    const user = await signUpVerified(t);
    const newEmail = uniqueEmail('moved');
    const before = t.smtp.messages.length;
    const asked = await ask(user.token, newEmail.toUpperCase());
    expect(asked.statusCode).toBe(200);
    expect(asked.json<EmailChangeResult>()).toMatchObject({
      message: safetyMessages.emailCodeSent,
      email: user.email,
      pending: { newEmail },
    });
    const code = await codeSentTo(newEmail, before);

    // Re-verification pending: the account still has its old address, everywhere.
    expect((await me(user.token)).email).toBe(user.email);
    expect((await get(t, '/api/me/email', user.token)).json()).toMatchObject({
      email: user.email,
      pending: { newEmail },
    });
    expect((await signin(newEmail)).statusCode).toBe(401);
    expect((await signin(user.email)).statusCode).toBe(200);

    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await confirm(user.token, wrong);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: safetyMessages.codeIncorrect,
      fields: { code: safetyMessages.codeIncorrect },
    });
    expect((await me(user.token)).email).toBe(user.email);

    const noticeFrom = t.smtp.messages.length;
    const confirmed = await confirm(user.token, code);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json<EmailChangeResult>()).toEqual({
      message: safetyMessages.emailChanged,
      email: newEmail,
      pending: null,
    });
    expect((await me(user.token)).email).toBe(newEmail);
    expect((await signin(newEmail)).statusCode).toBe(200);
    expect((await signin(user.email)).statusCode).toBe(401);
    const notice = await t.smtp.waitFor(
      (m) => m.to.includes(user.email) && t.smtp.messages.indexOf(m) >= noticeFrom,
    );
    expect(notice.subject).toBe('The email address of your Fanplace account was changed');
    expect(notice.text).toContain(newEmail);
    // The code is spent.
    expect((await confirm(user.token, code)).json().message).toBe(safetyMessages.codeExpired);
  });

  it('needs the current password, a different address, and one nobody has', async () => {
    const user = await signUpVerified(t);
    const other = await signUpVerified(t);
    const wrongPassword = await ask(user.token, uniqueEmail(), 'not my password');
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toMatchObject({
      message: safetyMessages.passwordIncorrect,
      fields: { currentPassword: safetyMessages.passwordIncorrect },
    });
    const missing = await post(t, '/api/me/email', { newEmail: uniqueEmail() }, { token: user.token });
    expect(missing.json().fields).toEqual({ currentPassword: safetyMessages.passwordRequired });
    expect((await ask(user.token, 'nope')).json().fields).toEqual({ newEmail: safetyMessages.invalidEmail });
    expect((await ask(user.token, user.email)).json()).toMatchObject({
      message: safetyMessages.emailUnchanged,
      fields: { newEmail: safetyMessages.emailUnchanged },
    });
    const taken = await ask(user.token, other.email.toUpperCase());
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      message: safetyMessages.emailTaken,
      fields: { newEmail: safetyMessages.emailTaken },
    });
    expect((await get(t, '/api/me/email', user.token)).json()).toEqual({ email: user.email, pending: null });
    expect((await get(t, '/api/me/email')).statusCode).toBe(401);
  });

  it('refuses the change when the address was taken while the code was on its way', async () => {
    const user = await signUpVerified(t);
    const wanted = uniqueEmail('wanted');
    const before = t.smtp.messages.length;
    await ask(user.token, wanted);
    const code = await codeSentTo(wanted, before);
    // Someone signs up with it meanwhile (an account not yet verified holds its address too).
    const signup = await post(t, '/api/auth/signup', {
      email: wanted,
      password: GOOD_PASSWORD,
      firstName: 'Other',
      lastName: 'Person',
      acceptTerms: true,
    });
    expect(signup.statusCode).toBe(201);
    const refused = await confirm(user.token, code);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(safetyMessages.emailTaken);
    expect((await me(user.token)).email).toBe(user.email);
    expect((await get(t, '/api/me/email', user.token)).json().pending).toBeNull();
  });

  it('voids the code after 5 wrong tries, and a code lasts 10 minutes', async () => {
    const user = await signUpVerified(t);
    const newEmail = uniqueEmail('tries');
    let from = t.smtp.messages.length;
    await ask(user.token, newEmail);
    const code = await codeSentTo(newEmail, from);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      expect((await confirm(user.token, wrong)).json().message).toBe(safetyMessages.codeIncorrect);
    }
    expect((await confirm(user.token, wrong)).json().message).toBe(safetyMessages.codeVoided);
    expect((await confirm(user.token, code)).json().message).toBe(safetyMessages.codeExpired);
    expect((await me(user.token)).email).toBe(user.email);

    // A new request replaces the old code; it expires after 10 minutes.
    from = t.smtp.messages.length;
    await ask(user.token, newEmail);
    const second = await codeSentTo(newEmail, from);
    t.clock.advance(10 * MINUTE + 1000);
    expect((await get(t, '/api/me/email', user.token)).json().pending).toBeNull();
    expect((await confirm(user.token, second)).json().message).toBe(safetyMessages.codeExpired);
    expect((await me(user.token)).email).toBe(user.email);
  });
});

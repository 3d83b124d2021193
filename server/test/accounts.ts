import { randomBytes, randomInt } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { AuthResponse } from '../../common/schemas/auth.ts';
import { createTestClock, type TestClock } from './clock.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { type CapturedMail, type SmtpCapture, startSmtpCapture } from './smtp-capture.ts';

/** The real app with mail going to a real SMTP server started here, and a clock the test moves. */
export interface AccountsTestApp extends TestApp {
  smtp: SmtpCapture;
  clock: TestClock;
}

export async function createAccountsTestApp(env: Record<string, string> = {}): Promise<AccountsTestApp> {
  const smtp = await startSmtpCapture();
  const clock = createTestClock();
  const t = await createTestApp({ SMTP_URL: smtp.url, ...env }, { runJobs: false, clock });
  return {
    ...t,
    smtp,
    clock,
    async close() {
      await t.close();
      await smtp.close();
    },
  };
}

export const uniqueEmail = (label = 'user') => `${label}-${randomBytes(5).toString('hex')}@example.com`;
/** Each test its own address, so per-IP limits of one test never reach another. */
export const uniqueIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
export const GOOD_PASSWORD = 'correct horse battery staple';

export function codeIn(mail: CapturedMail): string {
  const code = /verification code is (\d{6})/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in: ${mail.text}`);
  return code;
}

export function lastMailTo(t: AccountsTestApp, email: string): CapturedMail {
  const mail = t.smtp.messages.filter((m) => m.to.includes(email)).at(-1);
  if (!mail) throw new Error(`no email to ${email}`);
  return mail;
}

export function post(
  t: TestApp,
  url: string,
  payload: object,
  options: { ip?: string; token?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: options.ip ?? uniqueIp(),
    headers: options.token ? bearer(options.token) : {},
  });
}

export function get(t: TestApp, url: string, token?: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
}

export interface SignupDetails {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
}

export async function signUp(t: AccountsTestApp, details: SignupDetails = {}) {
  const email = details.email ?? uniqueEmail();
  const response = await post(t, '/api/auth/signup', {
    email,
    password: details.password ?? GOOD_PASSWORD,
    firstName: details.firstName ?? 'Ada',
    lastName: details.lastName ?? 'Lovelace',
    acceptTerms: true,
  });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.body}`);
  const mail = await t.smtp.waitFor((m) => m.to.includes(email.trim().toLowerCase()));
  return { email: email.trim().toLowerCase(), code: codeIn(mail), mail };
}

/** A verified, signed-in user (a factory: nothing shared between tests). */
export async function signUpVerified(t: AccountsTestApp, details: SignupDetails = {}) {
  const password = details.password ?? GOOD_PASSWORD;
  const { email, code } = await signUp(t, { ...details, password });
  const response = await post(t, '/api/auth/verify-email', { email, code });
  if (response.statusCode !== 200) throw new Error(`verify failed: ${response.body}`);
  const body = response.json<AuthResponse>();
  return { email, password, token: body.token, user: body.user };
}

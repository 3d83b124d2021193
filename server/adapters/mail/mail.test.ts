import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationCodeEmail } from '../../services/auth/emails.ts';
import { type AccountsTestApp, createAccountsTestApp, post, uniqueEmail } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { startSmtpCapture } from '../../test/smtp-capture.ts';
import { createMailer, createOutbox } from './index.ts';

function recordingLog() {
  const lines: { level: string; details: object; message: string }[] = [];
  return {
    lines,
    info: (details: object, message: string) => lines.push({ level: 'info', details, message }),
    error: (details: object, message: string) => lines.push({ level: 'error', details, message }),
  };
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('mail drivers', () => {
  it('without SMTP_URL, prints the message (code included) in the server log at info level', async () => {
    const log = recordingLog();
    const mailer = createMailer({ smtpUrl: null, from: 'Fanplace <no-reply@localhost>' }, log);
    await mailer.send(verificationCodeEmail('ada@example.com', '424242'));
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]?.level).toBe('info');
    expect(log.lines[0]?.message).toContain('424242');
    expect(log.lines[0]?.details).toMatchObject({ to: 'ada@example.com' });
  });

  it('with SMTP_URL, delivers text and HTML through the SMTP server', async () => {
    const smtp = await startSmtpCapture();
    const log = recordingLog();
    const outbox = createOutbox(
      createMailer({ smtpUrl: smtp.url, from: 'Fanplace <no-reply@fans.example>' }, log),
      log,
    );
    expect(await outbox.send(verificationCodeEmail('grace@example.com', '135790'))).toBe(true);
    const mail = await smtp.waitFor((m) => m.to.includes('grace@example.com'));
    expect(mail.subject).toBe('135790 is your Fanplace verification code');
    expect(mail.text).toContain('Your verification code is 135790');
    expect(mail.text).toContain('— Fanplace');
    expect(mail.html).toContain('<p>Your verification code is 135790</p>');
    expect(log.lines).toHaveLength(0);
    await outbox.close();
    await smtp.close();
  });

  it('logs a failed delivery instead of throwing, and waits for background sends on close', async () => {
    const log = recordingLog();
    const smtpUrl = `smtp://127.0.0.1:${await closedPort()}`;
    const outbox = createOutbox(createMailer({ smtpUrl, from: 'x@example.com' }, log), log);
    expect(await outbox.send(verificationCodeEmail('a@example.com', '000001'))).toBe(false);
    outbox.sendInBackground(verificationCodeEmail('b@example.com', '000002'));
    await outbox.close();
    expect(log.lines.map((line) => line.message)).toEqual([
      'sending an email failed',
      'sending an email failed',
    ]);
    expect(JSON.stringify(log.lines)).not.toContain('000001');
  });
});

describe('sign-up when the mail server is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
  });
  afterAll(async () => {
    await t.close();
  });

  it('still creates the account, says nothing about the failure, and a resend is possible', async () => {
    const email = uniqueEmail('offline');
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        email,
        password: 'correct horse battery staple',
        firstName: 'A',
        lastName: 'B',
        acceptTerms: true,
      },
    });
    expect(signup.statusCode).toBe(201);
    expect(signup.body).not.toMatch(/ECONNREFUSED|smtp/i);
    const resend = await t.app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      payload: { email },
    });
    expect(resend.statusCode).toBe(200);
  });
});

describe('the verification email through the app', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('goes to the address signed up with, and the code is not in the API answer', async () => {
    const email = uniqueEmail('mail');
    const response = await post(t, '/api/auth/signup', {
      email,
      password: 'correct horse battery staple',
      firstName: 'A',
      lastName: 'B',
      acceptTerms: true,
    });
    const mail = await t.smtp.waitFor((m) => m.to.includes(email));
    const code = /verification code is (\d{6})/.exec(mail.text)?.[1] ?? 'missing';
    expect(response.body).not.toContain(code);
  });
});

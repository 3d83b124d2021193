import { randomBytes } from 'node:crypto';
import type { SmtpCapture } from './smtp-capture.ts';

/**
 * A verified account made over HTTP on a running server process (tests with several processes):
 * sign-up, the code from the captured mail, verification. Returns its token and id.
 */
export async function verifiedAccountOver(
  base: string,
  smtp: SmtpCapture,
  firstName: string,
): Promise<{ token: string; user: { id: string } }> {
  const email = `${firstName.toLowerCase()}-${randomBytes(4).toString('hex')}@example.com`;
  const json = { 'content-type': 'application/json' };
  await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      email,
      password: 'marble-otter-7781',
      firstName,
      lastName: 'Test',
      acceptTerms: true,
    }),
  });
  const mail = await smtp.waitFor((m) => m.to.includes(email));
  const code = /verification code is (\d{6})/.exec(mail.text)?.[1];
  const verified = await fetch(`${base}/api/auth/verify-email`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, code }),
  });
  return (await verified.json()) as { token: string; user: { id: string } };
}

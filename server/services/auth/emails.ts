import { limits } from '../../../common/limits.ts';
import type { MailMessage } from '../../adapters/mail/mailer.ts';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Plain text first; the HTML version says the same with a little layout. */
export function message(
  to: string,
  subject: string,
  paragraphs: string[],
  action?: { label: string; url: string },
) {
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : []), '— Fanplace'].join(
    '\n\n',
  );
  const button = action
    ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 18px;background:#111;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="font-size:12px;color:#555">Or paste this link into your browser: ${escapeHtml(action.url)}</p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">${paragraphs
    .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
    .join('')}${button}<p>— Fanplace</p></body></html>`;
  return { to, subject, text, html } satisfies MailMessage;
}

export function verificationCodeEmail(to: string, code: string): MailMessage {
  const minutes = limits.auth.verificationCodeTtlSeconds / 60;
  return message(to, `${code} is your Fanplace verification code`, [
    `Your verification code is ${code}`,
    `Enter it on the verification page within ${minutes} minutes.`,
    'If you did not create a Fanplace account, you can ignore this email.',
  ]);
}

export function passwordResetEmail(to: string, link: string): MailMessage {
  const minutes = limits.auth.resetTokenTtlSeconds / 60;
  return message(
    to,
    'Reset your Fanplace password',
    [
      'Someone asked to reset the password of your Fanplace account.',
      `The link below works once, for ${minutes} minutes. If it was not you, ignore this email: your password stays as it is.`,
    ],
    { label: 'Choose a new password', url: link },
  );
}

/** To the owner of an address someone tried to sign up with: nothing changed, here is the way in. */
export function signupAttemptEmail(to: string, links: { signIn: string; reset: string }): MailMessage {
  return message(
    to,
    'Someone tried to create a Fanplace account with your email',
    [
      'Someone just tried to create a new Fanplace account with this email address. It already has an account, so nothing was created and nothing changed.',
      `If it was you, sign in instead: ${links.signIn}`,
      `Forgot your password? Choose a new one here: ${links.reset}`,
      'If it was not you, you can ignore this email.',
    ],
    { label: 'Sign in', url: links.signIn },
  );
}

export function passwordChangedEmail(to: string): MailMessage {
  return message(to, 'Your Fanplace password was changed', [
    'The password of your Fanplace account was just changed, and your other sessions were signed out.',
    'If you did not do this, reset your password right away from the sign-in page.',
  ]);
}

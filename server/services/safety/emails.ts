import { limits } from '../../../common/limits.ts';
import type { MailMessage } from '../../adapters/mail/mailer.ts';
import { formatDay } from '../../lib/dates.ts';
import { message } from '../auth/emails.ts';

const quote = (text: string) => text.split('\n').map((line) => `> ${line}`);

/** The receipt of a Contact Support request, with the promise of a reply within 24 hours. */
export function supportReceivedEmail(
  to: string,
  ticket: { name: string; subject: string; message: string },
): MailMessage {
  return message(to, `We received your message: ${ticket.subject}`, [
    `Hi ${ticket.name},`,
    `Thank you for contacting Fanplace support. We received your message and will reply to this address within ${limits.supportReplyHours} hours.`,
    ['Your message:', ...quote(ticket.message)].join('\n'),
  ]);
}

/** An admin's answer to a ticket, sent to the address the user gave. */
export function supportReplyEmail(
  to: string,
  ticket: { name: string; subject: string; message: string },
  reply: string,
): MailMessage {
  return message(to, `Re: ${ticket.subject}`, [
    `Hi ${ticket.name},`,
    reply,
    ['You wrote:', ...quote(ticket.message)].join('\n'),
  ]);
}

export function emailChangeCodeEmail(to: string, code: string): MailMessage {
  const minutes = limits.auth.verificationCodeTtlSeconds / 60;
  return message(to, `${code} is your Fanplace verification code`, [
    `Your verification code is ${code}`,
    `Enter it in Settings within ${minutes} minutes to make this the email address of your Fanplace account.`,
    'If you did not ask for this, you can ignore this email: nothing changes.',
  ]);
}

/** Sent to the old address once the change took effect. */
export function emailChangedNoticeEmail(to: string, newEmail: string): MailMessage {
  return message(to, 'The email address of your Fanplace account was changed', [
    `The email address of your Fanplace account was changed to ${newEmail}. This address no longer signs in.`,
    'If you did not do this, contact support right away.',
  ]);
}

/** "Download your data": the zip is ready in Settings (never attached, never linked directly). */
export function dataExportReadyEmail(to: string, settingsUrl: string, expiresAt: Date): MailMessage {
  return message(
    to,
    'Your Fanplace data is ready to download',
    [
      'The copy of your data you asked for is ready.',
      `Download it from Settings, under Your data, while you are signed in. It is kept until ${formatDay(expiresAt)}, then removed; you can ask for a new one at any time.`,
      'If you did not ask for this, change your password and contact support.',
    ],
    { label: 'Open Your data', url: settingsUrl },
  );
}

import type { MailMessage } from '../../adapters/mail/mailer.ts';
import { message } from '../auth/emails.ts';

/** To a creator: a post they scheduled went out at its time. */
export function postPublishedEmail(
  to: { email: string; firstName: string },
  profileUrl: string,
): MailMessage {
  return message(
    to.email,
    'Your scheduled post was published',
    [
      `Hi ${to.firstName || 'there'},`,
      'A post you scheduled has just gone out to your fans.',
      'You can turn these emails off in Settings, under Notifications.',
    ],
    { label: 'See your profile', url: profileUrl },
  );
}

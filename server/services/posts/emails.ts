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

/** To a creator: someone liked one of their posts (their name, never their email). */
export function likeEmail(
  to: { email: string; firstName: string },
  like: { likerName: string; url: string },
): MailMessage {
  return message(
    to.email,
    `${like.likerName} liked your post`,
    [
      `Hi ${to.firstName || 'there'},`,
      `${like.likerName} liked one of your posts.`,
      'You can turn these emails off in Settings, under Notifications.',
    ],
    { label: 'See the post', url: like.url },
  );
}

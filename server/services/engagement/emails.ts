import type { MailMessage } from '../../adapters/mail/mailer.ts';
import { message } from '../auth/emails.ts';

const excerpt = (text: string) => (text.length > 200 ? `${text.slice(0, 199)}…` : text);

/** To a creator: someone commented on their post (their name, never their email). */
export function commentEmail(
  to: { email: string; firstName: string },
  comment: { authorName: string; text: string; url: string },
): MailMessage {
  return message(
    to.email,
    `${comment.authorName} commented on your post`,
    [
      `Hi ${to.firstName || 'there'},`,
      `${comment.authorName} commented on your post:`,
      `> ${excerpt(comment.text)}`,
      'You can turn these emails off in Settings, under Notifications.',
    ],
    { label: 'See the comment', url: comment.url },
  );
}

/** To a comment's author: someone replied to it. */
export function replyEmail(
  to: { email: string; firstName: string },
  reply: { authorName: string; text: string; url: string },
): MailMessage {
  return message(
    to.email,
    `${reply.authorName} replied to your comment`,
    [
      `Hi ${to.firstName || 'there'},`,
      `${reply.authorName} replied to your comment:`,
      `> ${excerpt(reply.text)}`,
      'You can turn these emails off in Settings, under Notifications.',
    ],
    { label: 'See the reply', url: reply.url },
  );
}

import type { MailMessage } from '../../../adapters/mail/mailer.ts';
import { message } from '../../auth/emails.ts';

/** The creator's address and first name, as the notification service gives them. */
type Recipient = { email: string; firstName: string };

const turnOff = 'You can turn these emails off in Settings, under Notifications.';

/** To a creator: a fan subscribed (the fan's name, never their email). */
export function newSubscriberEmail(
  to: Recipient,
  event: { fanName: string; plan: string | null; amount: string; url: string },
): MailMessage {
  return message(
    to.email,
    `You have a new subscriber: ${event.fanName}`,
    [
      `Hi ${to.firstName || 'there'},`,
      `${event.fanName} subscribed to you${event.plan ? ` on the ${event.plan} plan` : ''} for ${event.amount}.`,
      'Your earning appears in your wallet, and the subscriber in Settings > Payment & Subscription.',
      turnOff,
    ],
    { label: 'Open your wallet', url: event.url },
  );
}

/** To a creator: a fan unlocked one of their posts or pay-per-view messages. */
export function purchaseEmail(
  to: Recipient,
  event: { fanName: string; thing: 'post' | 'message'; amount: string; url: string },
): MailMessage {
  return message(
    to.email,
    `${event.fanName} unlocked your ${event.thing}`,
    [
      `Hi ${to.firstName || 'there'},`,
      `${event.fanName} paid ${event.amount} to unlock one of your ${event.thing}s.`,
      'Your earning appears in your wallet.',
      turnOff,
    ],
    { label: 'Open your wallet', url: event.url },
  );
}

/** To a creator: a fan sent a tip, with its note if any. */
export function tipEmail(
  to: Recipient,
  event: { fanName: string; amount: string; note: string | null; url: string },
): MailMessage {
  return message(
    to.email,
    `${event.fanName} tipped you ${event.amount}`,
    [
      `Hi ${to.firstName || 'there'},`,
      `${event.fanName} sent you a tip of ${event.amount}.`,
      ...(event.note ? [`Their note: ${event.note}`] : []),
      'Your earning appears in your wallet, and the tip in your conversation with them.',
      turnOff,
    ],
    { label: 'Open the conversation', url: event.url },
  );
}

import { pathTo, routes } from '../../../../common/routes.ts';
import { creatorPlanNames } from '../../../../common/schemas/fan-payments.ts';
import type { ChatMessage } from '../../../../common/schemas/messages.ts';
import type { Outbox } from '../../../adapters/mail/index.ts';
import { formatUsd } from '../../../lib/money.ts';
import type { MessageRecord } from '../../../repositories/conversations.repository.ts';
import type { FanPaymentRecord } from '../../../repositories/fan-payments.repository.ts';
import type { UsersRepository } from '../../../repositories/users.repository.ts';
import { message } from '../../auth/emails.ts';
import { nameOf } from '../../realtime/actor-name.ts';
import type { EventsService } from '../../realtime/events.service.ts';
import type { NotificationsService } from '../../realtime/notifications.service.ts';

/** How one member sees a message now (server/services/messages/messages.service.ts `viewOf`). */
export type MessageViewOf = (viewerId: string, messageId: string) => Promise<ChatMessage | null>;

export interface PaidEvent {
  payment: FanPaymentRecord;
  creator: { userId: string; handle: string; displayName: string };
  /** A first subscription (or one after the last ended), not an extension or a renewal. */
  newSubscriber: boolean;
  periodEnd: Date | null;
  /** A tip's message in the conversation (tips-settlement.ts). */
  tipMessage?: MessageRecord;
}

export interface FanPaymentNotifier {
  /** After a payment succeeded (and committed): the creator's email and notification, the fan's receipt. */
  paid(event: PaidEvent): Promise<void>;
  /** After an admin marked a payout paid. */
  payoutSent(input: {
    creatorUserId: string;
    amount: number;
    currency: string;
    note: string | null;
  }): Promise<void>;
}

/** Emails through the outbox and live notifications through the notification service; never fails the payment. */
export function createFanPaymentNotifier(deps: {
  outbox: Outbox;
  notifications: Pick<NotificationsService, 'notify'> | null;
  users: Pick<UsersRepository, 'findById'>;
  publicUrl: string;
  log: { error(details: object, message: string): void };
  /** Live events and message views: an unlocked message opens in the fan's tabs at once. */
  events?: Pick<EventsService, 'emit'> | null;
  messageViewOf?: MessageViewOf | null;
}): FanPaymentNotifier {
  const link = (path: string) => `${deps.publicUrl}${path}`;

  return {
    async paid({ payment, creator, newSubscriber, periodEnd }) {
      try {
        if (payment.purpose === 'message_unlock' && payment.messageId && deps.events && deps.messageViewOf) {
          const view = await deps.messageViewOf(payment.fanId, payment.messageId);
          if (view) await deps.events.emit([payment.fanId], 'message.updated', { message: view });
        }
        const [fan, owner] = await Promise.all([
          deps.users.findById(payment.fanId),
          deps.users.findById(creator.userId),
        ]);
        if (!fan || !owner) return;
        const amount = formatUsd(payment.amount, payment.currency);
        const plan = payment.plan ? creatorPlanNames[payment.plan] : null;
        const profile = pathTo('publicProfile', { id: creator.handle });
        const fanName = nameOf(fan);
        const until = periodEnd ? periodEnd.toUTCString().slice(0, 16) : null;

        // The fan's receipt, for every successful payment.
        const receiptLines =
          payment.purpose === 'post_unlock'
            ? [`You unlocked a post by ${creator.displayName} (@${creator.handle}). It is yours to keep.`]
            : payment.purpose === 'message_unlock'
              ? [
                  `You unlocked a message from ${creator.displayName} (@${creator.handle}). It is yours to keep, in your conversation with them.`,
                ]
              : payment.purpose === 'subscription_renewal'
                ? [
                    `Your ${plan} subscription to ${creator.displayName} (@${creator.handle}) was renewed${until ? ` until ${until}` : ''}.`,
                    'You can cancel it any time in Settings > Payment & Subscription; access lasts until the period ends.',
                  ]
                : [
                    `You are subscribed to ${creator.displayName} (@${creator.handle}), ${plan} plan${until ? `, until ${until}` : ''}.`,
                    'It renews automatically. You can cancel it any time in Settings > Payment & Subscription.',
                  ];
        deps.outbox.sendInBackground(
          message(
            fan.email,
            `Your Fanplace receipt: ${amount}`,
            [
              `Hi ${fan.firstName || 'there'},`,
              `We received your payment of ${amount}.`,
              ...receiptLines,
              `Reference: ${payment.reference}`,
              `Card: ${payment.cardLast4 ? `•••• ${payment.cardLast4}` : 'card'}`,
            ],
            { label: `Visit @${creator.handle}`, url: link(profile) },
          ),
        );

        if (payment.purpose === 'subscription_renewal') return;
        if (payment.purpose === 'subscription_start' && !newSubscriber) return;
        const purchase = payment.purpose === 'post_unlock' || payment.purpose === 'message_unlock';
        const thing = payment.purpose === 'message_unlock' ? 'message' : 'post';
        deps.outbox.sendInBackground(
          message(
            owner.email,
            purchase ? `${fanName} unlocked your ${thing}` : `You have a new subscriber: ${fanName}`,
            purchase
              ? [
                  `${fanName} paid ${amount} to unlock one of your ${thing}s.`,
                  'Your earning appears in your wallet.',
                ]
              : [
                  `${fanName} subscribed to you on the ${plan} plan for ${amount}.`,
                  'Your earning appears in your wallet, and the subscriber in Settings > Payment & Subscription.',
                ],
            { label: 'Open your wallet', url: link(routes.wallet) },
          ),
        );
        await deps.notifications?.notify({
          userId: creator.userId,
          kind: purchase ? 'purchase' : 'subscribe',
          actorId: fan.id,
          text: purchase ? `${fanName} unlocked your ${thing}` : `${fanName} subscribed to you`,
          link: purchase ? routes.wallet : routes.settings,
        });
      } catch (error) {
        deps.log.error({ err: error, paymentId: payment.id }, 'payment notifications failed');
      }
    },

    async payoutSent({ creatorUserId, amount, currency, note }) {
      try {
        const owner = await deps.users.findById(creatorUserId);
        if (!owner) return;
        deps.outbox.sendInBackground(
          message(
            owner.email,
            `Your payout of ${formatUsd(amount, currency)} was sent`,
            [
              `We sent your payout of ${formatUsd(amount, currency)}.`,
              ...(note ? [`Note from the team: ${note}`] : []),
            ],
            { label: 'Open your wallet', url: link(routes.wallet) },
          ),
        );
        await deps.notifications?.notify({
          userId: creatorUserId,
          kind: 'payout',
          actorId: null,
          text: `Your payout of ${formatUsd(amount, currency)} was sent`,
          link: routes.walletPayouts,
        });
      } catch (error) {
        deps.log.error({ err: error, creatorUserId }, 'payout email failed');
      }
    },
  };
}

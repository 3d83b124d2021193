import { pathTo, routes } from '../../../../common/routes.ts';
import { type CreatorPlanId, creatorPlanNames } from '../../../../common/schemas/fan-payments.ts';
import type { ChatMessage } from '../../../../common/schemas/messages.ts';
import type { Outbox } from '../../../adapters/mail/index.ts';
import { formatDay } from '../../../lib/dates.ts';
import { formatUsd } from '../../../lib/money.ts';
import type { UsersRepository } from '../../../repositories/auth/users.repository.ts';
import type { FanPaymentRecord } from '../../../repositories/billing/fan-payments/fan-payments.repository.ts';
import type { MessageRecord } from '../../../repositories/messages/conversations.repository.ts';
import { message } from '../../auth/emails.ts';
import { nameOf } from '../../realtime/actor-name.ts';
import type { EventsService } from '../../realtime/events.service.ts';
import type { NotificationsService } from '../../realtime/notifications.service.ts';
import { newSubscriberEmail, purchaseEmail } from './emails.ts';

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

/** A renewal the provider refused: tried again on `nextRetryAt`, or (null) the subscription ended. */
export interface RenewalFailedEvent {
  fanId: string;
  creator: { handle: string; displayName: string };
  nextRetryAt: Date | null;
}

/** A renewing subscriber whose renewals move to the creator's new price from `from` (their next renewal). */
export interface PriceChangedEvent {
  fanId: string;
  creator: { handle: string; displayName: string };
  plan: CreatorPlanId;
  oldAmount: number;
  newAmount: number;
  currency: string;
  from: Date;
}

export interface FanPaymentNotifier {
  /** After a payment succeeded (and committed): the creator's notification (and email), the fan's receipt. */
  paid(event: PaidEvent): Promise<void>;
  /** After a renewal charge failed (and committed): the fan, in the bell and by push. */
  renewalFailed(event: RenewalFailedEvent): Promise<void>;
  /** After a creator changed their price (and it committed): the subscriber, by email always and in the bell. */
  priceChanged(event: PriceChangedEvent): Promise<void>;
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
        // The creator's email goes as they chose in Settings > Notifications (new subscribers, purchases).
        const wallet = link(routes.wallet);
        await deps.notifications?.notify({
          userId: creator.userId,
          kind: purchase ? 'purchase' : 'subscribe',
          actorId: fan.id,
          text: purchase ? `${fanName} unlocked your ${thing}` : `${fanName} subscribed to you`,
          link: purchase ? routes.wallet : routes.settings,
          email: (to) =>
            purchase
              ? purchaseEmail(to, { fanName, thing, amount, url: wallet })
              : newSubscriberEmail(to, { fanName, plan, amount, url: wallet }),
        });
      } catch (error) {
        deps.log.error({ err: error, paymentId: payment.id }, 'payment notifications failed');
      }
    },

    async renewalFailed({ fanId, creator, nextRetryAt }) {
      try {
        const day = nextRetryAt ? formatDay(nextRetryAt) : null;
        await deps.notifications?.notify({
          userId: fanId,
          kind: 'renewal_failed',
          actorId: null,
          text: day
            ? `Your subscription to ${creator.displayName} could not renew: the payment did not go through. We will try again on ${day}.`
            : `Your subscription to ${creator.displayName} has ended: its renewal could not be charged.`,
          link: pathTo('publicProfile', { id: creator.handle }),
        });
      } catch (error) {
        deps.log.error({ err: error, fanId }, 'renewal notification failed');
      }
    },

    async priceChanged({ fanId, creator, plan, oldAmount, newAmount, currency, from }) {
      try {
        const fan = await deps.users.findById(fanId);
        if (!fan) return;
        const day = `${formatDay(from)}, ${from.getUTCFullYear()}`;
        const before = formatUsd(oldAmount, currency);
        const after = formatUsd(newAmount, currency);
        const period = plan === 'monthly' ? 'a month' : `for ${creatorPlanNames[plan]}`;
        const text = `${creator.displayName} changed their price: your subscription renews at ${after} ${period} instead of ${before}, from ${day}.`;
        const profile = pathTo('publicProfile', { id: creator.handle });
        // A change to what is charged is always emailed (like payouts): there is no email switch.
        deps.outbox.sendInBackground(
          message(
            fan.email,
            `${creator.displayName}'s subscription price is changing`,
            [
              `Hi ${fan.firstName || 'there'},`,
              `${creator.displayName} (@${creator.handle}) changed their subscription price.`,
              `Your ${creatorPlanNames[plan]} plan costs ${before} now. From your next renewal on ${day}, it renews at ${after}.`,
              'Until then nothing changes. If you do not want the new price, cancel before that date in Settings > Payment & Subscription: you keep access until your paid period ends.',
            ],
            { label: `Visit @${creator.handle}`, url: link(profile) },
          ),
        );
        await deps.notifications?.notify({
          userId: fanId,
          kind: 'price_change',
          actorId: null,
          text,
          link: routes.settings,
        });
      } catch (error) {
        deps.log.error({ err: error, fanId }, 'price change notice failed');
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

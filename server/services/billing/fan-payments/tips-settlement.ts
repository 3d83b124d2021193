import { pathTo, routes } from '../../../../common/routes.ts';
import type { CheckoutOutcome } from '../../../../common/schemas/fan-payments.ts';
import type { ChatMessage } from '../../../../common/schemas/messages.ts';
import type { Outbox } from '../../../adapters/mail/index.ts';
import { formatUsd } from '../../../lib/money.ts';
import { actorOf, refusalOf } from '../../../policies/access.ts';
import type { UsersRepository } from '../../../repositories/auth/users.repository.ts';
import type { FanPaymentRecord } from '../../../repositories/billing/fan-payments/fan-payments.repository.ts';
import type { FanPaymentRepositories } from '../../../repositories/billing/fan-payments/fan-payments-store.ts';
import type { CreatorRecord } from '../../../repositories/creators/creators.repository.ts';
import type { MessageRecord } from '../../../repositories/messages/conversations.repository.ts';
import { message } from '../../auth/emails.ts';
import { nameOf } from '../../realtime/actor-name.ts';
import type { EventsService } from '../../realtime/events.service.ts';
import type { NotificationsService } from '../../realtime/notifications.service.ts';
import type { Decision } from '../core/settlement.ts';
import { tipEmail } from './emails.ts';
import type { PaidEvent } from './notifier.ts';

/**
 * A tip's part of fan-payment settlement (server/services/billing/fan-payments/settlement.service.ts):
 * inside the core's transaction, checks again that the fan may tip this creator (a block or a
 * suspension since the checkout makes it a refused charge, refunded after the commit), then marks the
 * payment succeeded (ledger split with the platform fee) and writes the tip into the pair's
 * conversation, all at once. After the commit: the message goes live to both, the creator is
 * notified (by email too, as they chose in Settings), and the fan gets a receipt. The message's
 * event is shaped for each side by `present`, which the module passes
 * (server/modules/billing-services.ts).
 */
export function createTipSettlement(deps: {
  /** Live events (null in the worker, which has no event streams; the message is stored anyway). */
  events: Pick<EventsService, 'emit'> | null;
  notifications: Pick<NotificationsService, 'notify'> | null;
  outbox: Outbox;
  users: Pick<UsersRepository, 'findById'>;
  publicUrl: string;
  log: { error(details: object, message: string): void };
  /** A message as one member of its conversation sees it (presenters/messages/message.ts `presentMessage`). */
  present: { message(message: MessageRecord, viewerId: string): ChatMessage };
}) {
  return {
    /** `Effects`: whatever else the caller's decisions may carry; a tip's own are a PaidEvent. */
    async decide<Effects>(
      r: FanPaymentRepositories,
      payment: FanPaymentRecord,
      creator: CreatorRecord | null,
      now: Date,
      refuse: (reason: string) => Promise<Decision<CheckoutOutcome, Effects | PaidEvent>>,
      succeed: () => Promise<FanPaymentRecord | null>,
    ): Promise<Decision<CheckoutOutcome, Effects | PaidEvent> | null> {
      if (!creator) return refuse('the creator page no longer exists');
      const facts = await r.tips.recipientFacts(payment.fanId, payment.creatorUserId);
      const problem = refusalOf(actorOf({ id: payment.fanId, role: 'user' }), 'creator:tip', {
        creator,
        ...facts,
      });
      if (problem) return refuse(`tip refused: ${problem.message}`);
      const paid = await succeed();
      if (!paid) return null;
      const tipMessage = await r.tips.postMessage({
        fanId: paid.fanId,
        creatorUserId: paid.creatorUserId,
        paymentId: paid.id,
        amount: paid.amount,
        currency: paid.currency,
        note: paid.note ?? '',
        now,
      });
      return {
        outcome: 'succeeded',
        note: 'tip sent',
        refundPaymentId: null,
        effects: {
          payment: paid,
          creator: { userId: creator.userId, handle: creator.handle, displayName: creator.displayName },
          newSubscriber: false,
          periodEnd: null,
          tipMessage,
        },
      };
    },

    /** After the commit; never fails the payment. */
    async paid({ payment, creator, tipMessage }: PaidEvent): Promise<void> {
      try {
        if (tipMessage) {
          // Each side gets the message as they see it (only the creator may report the fan's tip).
          for (const userId of [payment.fanId, creator.userId]) {
            await deps.events?.emit([userId], 'message.created', {
              message: deps.present.message(tipMessage, userId),
            });
          }
        }
        const [fan, owner] = await Promise.all([
          deps.users.findById(payment.fanId),
          deps.users.findById(creator.userId),
        ]);
        if (!fan || !owner) return;
        const amount = formatUsd(payment.amount, payment.currency);
        const fanName = nameOf(fan);
        const chat = tipMessage ? `${routes.messages}?c=${tipMessage.conversationId}` : routes.messages;
        await deps.notifications?.notify({
          userId: creator.userId,
          kind: 'tip',
          actorId: fan.id,
          text: `${fanName} tipped you ${amount}`,
          link: chat,
          // Emailed as the creator chose in Settings > Notifications.
          email: (to) =>
            tipEmail(to, { fanName, amount, note: payment.note ?? null, url: `${deps.publicUrl}${chat}` }),
        });
        deps.outbox.sendInBackground(
          message(
            fan.email,
            `Your Fanplace receipt: ${amount}`,
            [
              `Hi ${fan.firstName || 'there'},`,
              `We received your payment of ${amount}.`,
              `You tipped ${creator.displayName} (@${creator.handle}). The tip is in your conversation with them.`,
              `Reference: ${payment.reference}`,
              `Card: ${payment.cardLast4 ? `•••• ${payment.cardLast4}` : 'card'}`,
            ],
            {
              label: `Visit @${creator.handle}`,
              url: `${deps.publicUrl}${pathTo('publicProfile', { id: creator.handle })}`,
            },
          ),
        );
      } catch (error) {
        deps.log.error({ err: error, paymentId: payment.id }, 'tip notifications failed');
      }
    },
  };
}

export type TipSettlement = ReturnType<typeof createTipSettlement>;

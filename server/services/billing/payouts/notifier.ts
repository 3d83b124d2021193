import { routes } from '../../../../common/routes.ts';
import type { Outbox } from '../../../adapters/mail/index.ts';
import { formatUsd } from '../../../lib/money.ts';
import type { UsersRepository } from '../../../repositories/auth/users.repository.ts';
import type { PayoutAccountRecord } from '../../../repositories/billing/payouts/payout-accounts.repository.ts';
import type { PayoutRecord } from '../../../repositories/billing/payouts/payouts.repository.ts';
import { message } from '../../auth/emails.ts';

/** An in-app notice for the creator (the bell), as the notifications service stores and pushes it. */
export interface PayoutNotice {
  userId: string;
  text: string;
  link: string;
}

export interface PayoutNotifier {
  /** After a payout account was added or changed (committed): always emailed, it is a security notice. */
  accountChanged(account: PayoutAccountRecord, input: { first: boolean; holdUntil: Date }): Promise<void>;
  /** After the provider took a transfer (it is on its way). */
  sent(payout: PayoutRecord): Promise<void>;
  /** After the provider confirmed a transfer. */
  paid(payout: PayoutRecord): Promise<void>;
  /** After a transfer failed or was reversed: the money is available again, and why. */
  returned(payout: PayoutRecord): Promise<void>;
}

/** Minor units in the account's currency, grouped, named by its code: 3720600 NGN -> 'NGN 37,206.00'. */
const localMoney = (minor: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency, currencyDisplay: 'code' })
    .format(minor / 100)
    .replace(/\u00a0/g, ' ');

/** Emails through the outbox and in-app notices through `inApp`; never fails what caused them. */
export function createPayoutNotifier(deps: {
  outbox: Pick<Outbox, 'sendInBackground'>;
  /** The notifications service's in-app notice (null: none, e.g. a process without one). */
  inApp: ((notice: PayoutNotice) => Promise<void>) | null;
  users: Pick<UsersRepository, 'findById'>;
  publicUrl: string;
  log: { error(details: object, message: string): void };
}): PayoutNotifier {
  const walletLink = { label: 'See your payouts', url: `${deps.publicUrl}${routes.walletPayouts}` };

  async function tell(userId: string, subject: string, paragraphs: string[], notice: string): Promise<void> {
    try {
      const user = await deps.users.findById(userId);
      if (!user) return;
      deps.outbox.sendInBackground(message(user.email, subject, paragraphs, walletLink));
      await deps.inApp?.({ userId, text: notice, link: routes.walletPayouts });
    } catch (error) {
      deps.log.error({ err: error, userId }, 'payout notice failed');
    }
  }

  const amountOf = (payout: PayoutRecord) =>
    payout.localAmount !== null && payout.localCurrency
      ? `${formatUsd(payout.amount, payout.currency)} (${localMoney(payout.localAmount, payout.localCurrency)})`
      : formatUsd(payout.amount, payout.currency);

  return {
    accountChanged(account, { first, holdUntil }) {
      const where = `${account.bankName} account ending ${account.last4} (${account.accountName})`;
      return tell(
        account.creatorUserId,
        first ? 'Your payout account was added' : 'Your payout account was changed',
        [
          `Your payouts now go to your ${where}.`,
          `For your safety, automatic payouts wait until ${holdUntil.toUTCString().slice(0, 22)} UTC.`,
          'If you did not make this change, change your password and contact support at once.',
        ],
        first
          ? `Payouts now go to your account ending ${account.last4}`
          : `Your payout account changed to one ending ${account.last4}`,
      );
    },
    sent(payout) {
      const where = payout.recipientCode ? ' to your payout account' : '';
      return tell(
        payout.creatorUserId,
        `Your payout of ${amountOf(payout)} is on its way`,
        [
          `We sent your payout of ${amountOf(payout)}${where}. Banks usually credit it within a day.`,
          `Reference: ${payout.reference}`,
        ],
        `Your payout of ${amountOf(payout)} is on its way`,
      );
    },
    paid(payout) {
      return tell(
        payout.creatorUserId,
        `Your payout of ${amountOf(payout)} was sent`,
        [`Your payout of ${amountOf(payout)} reached your account.`, `Reference: ${payout.reference}`],
        `Your payout of ${amountOf(payout)} was sent`,
      );
    },
    returned(payout) {
      const why = payout.failureReason ? `: ${payout.failureReason}` : '';
      const what = payout.status === 'reversed' ? 'was sent back by your bank' : 'did not go through';
      return tell(
        payout.creatorUserId,
        `Your payout of ${amountOf(payout)} ${what}`,
        [
          `Your payout of ${amountOf(payout)} ${what}${why}.`,
          'The money is back in your available balance. Check your payout account, then request it again.',
          `Reference: ${payout.reference}`,
        ],
        `Your payout ${what}${why}`,
      );
    },
  };
}

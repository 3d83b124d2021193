import { createHash } from 'node:crypto';
import type { PaymentProvider, ProviderTransaction } from '../../../adapters/payments/provider.ts';

/** Where the payment services write what went wrong with the provider (the app's logger). */
export interface PaymentsLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** A payment row of either purpose, as the renewal job handles it. */
interface JobPayment {
  id: string;
  reference: string;
  provider: string;
}

/** What the job asks of a purpose's settlement (core/settlement.ts). */
interface JobSettlement<Payment> {
  settle(payment: Payment, tx: ProviderTransaction): Promise<unknown>;
  failWithoutProvider(payment: Payment, reason: string): Promise<unknown>;
}

interface JobDependencies<Payment> {
  provider: PaymentProvider;
  settlement: JobSettlement<Payment>;
  log: PaymentsLog;
}

/**
 * The reference of one renewal attempt, a digest of what identifies it (subscription, period end,
 * attempt): two workers can never charge the same attempt twice.
 */
export function renewalReference(prefix: string, identity: string): string {
  return `${prefix}-${createHash('sha256').update(identity).digest('hex').slice(0, 32)}`;
}

/**
 * The steps both purposes' lifecycle jobs take with the provider, given its settlement: charging a
 * renewal on the saved card, ending or renewing what is due, and looking up payments no answer
 * settled. Every step is idempotent.
 */
export function renewalJob<Payment extends JobPayment>(deps: JobDependencies<Payment>) {
  const { provider, settlement, log } = deps;
  return {
    /**
     * Charges a renewal payment on the saved card and settles what the provider answers. Without a
     * saved card (null), or when the payment was made for a provider that is not configured, it
     * fails at once. An unknown outcome leaves it pending, looked up on a later run.
     */
    async chargeSavedCard(
      payment: Payment,
      charge: {
        authorizationCode: string | null;
        email: () => Promise<string>;
        amount: { amount: number; currency: string };
        metadata: Record<string, string>;
        /** What the log says when the outcome is unknown. */
        unconfirmed: string;
      },
    ): Promise<void> {
      if (charge.authorizationCode === null) {
        await settlement.failWithoutProvider(payment, 'no saved card to charge');
        return;
      }
      if (payment.provider !== provider.name) {
        await settlement.failWithoutProvider(payment, `the ${payment.provider} provider is not configured`);
        return;
      }
      try {
        const result = await provider.chargeAuthorization({
          reference: payment.reference,
          authorizationCode: charge.authorizationCode,
          email: await charge.email(),
          amount: charge.amount,
          metadata: { paymentId: payment.id, ...charge.metadata },
        });
        await settlement.settle(payment, result);
      } catch (error) {
        // Unknown outcome: the charge stays pending and is looked up at the provider on a later run.
        log.warn({ err: error, reference: payment.reference }, charge.unconfirmed);
      }
    },

    /**
     * Ends or renews each due subscription; a step that fails is logged and the others still run.
     * Counts the subscriptions ended and the renewals charged.
     */
    async endOrRenew<Subscription extends { id: string }>(
      due: Subscription[],
      steps: {
        ends(subscription: Subscription): boolean;
        end(subscription: Subscription): Promise<boolean>;
        renew(subscription: Subscription): Promise<boolean>;
      },
      failed: string,
    ): Promise<{ ended: number; renewed: number }> {
      const counts = { ended: 0, renewed: 0 };
      for (const subscription of due) {
        try {
          if (steps.ends(subscription)) {
            if (await steps.end(subscription)) counts.ended += 1;
          } else if (await steps.renew(subscription)) {
            counts.renewed += 1;
          }
        } catch (error) {
          log.error({ err: error, subscriptionId: subscription.id }, failed);
        }
      }
      return counts;
    },

    /**
     * Asks the provider about payments no answer settled: one it does not know fails; otherwise the
     * purpose's `answer` (by default, settling what the provider says) decides, returning false to
     * leave the payment for a later run. Counts the payments looked up and closed or settled.
     */
    async lookUpOpenPayments(
      payments: Payment[],
      failed: string,
      answer: (payment: Payment, tx: ProviderTransaction) => Promise<boolean> = async (payment, tx) => {
        await settlement.settle(payment, tx);
        return true;
      },
    ): Promise<number> {
      let looked = 0;
      for (const payment of payments) {
        try {
          const tx = payment.provider === provider.name ? await provider.verify(payment.reference) : null;
          if (!tx) await settlement.failWithoutProvider(payment, 'the provider has no such charge');
          else if (!(await answer(payment, tx))) continue;
          looked += 1;
        } catch (error) {
          log.warn({ err: error, reference: payment.reference }, failed);
        }
      }
      return looked;
    },
  };
}

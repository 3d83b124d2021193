import type { PaymentProvider } from '../../../adapters/payments/provider.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { FanPaymentsStore } from '../../../repositories/billing/fan-payments/fan-payments-store.ts';
import type { PaymentsLog } from '../core/renewals.ts';
import { creatorRefundPosting, refusedRefundPosting } from './ledger-postings.ts';

/** A claim older than this belongs to a process that died mid-call; the job may take it again. */
const STALE_CLAIM_MS = 15 * 60 * 1000;

/**
 * Sends owed refunds (refused payments in full, pro-rata refunds of subscriptions a creator ended).
 * A refund is owed in the transaction that decided it; one caller claims it, asks the provider
 * outside any transaction, then records it with its ledger reversal. A provider failure releases the
 * claim and the job tries again.
 */
export function createFanRefundService(deps: {
  store: FanPaymentsStore;
  provider: PaymentProvider;
  clock: Clock;
  log: PaymentsLog;
}) {
  const { store, provider, clock, log } = deps;
  const staleBefore = () => new Date(clock.now().getTime() - STALE_CLAIM_MS);

  async function send(paymentId: string): Promise<boolean> {
    const claimed = await store.payments.claimRefund(paymentId, clock.now(), staleBefore());
    if (!claimed) return false;
    const amount = claimed.refundAmount ?? 0;
    if (claimed.chargedBackAt) {
      // The chargeback already reversed everything that was left: nothing more is owed.
      await store.payments.dropRefund(paymentId, clock.now());
      return false;
    }
    if (claimed.provider !== provider.name || amount <= 0) {
      await store.payments.releaseRefund(paymentId, clock.now());
      return false;
    }
    try {
      await provider.refund({ reference: claimed.reference, amount });
    } catch (error) {
      await store.payments.releaseRefund(paymentId, clock.now());
      log.warn(
        { err: error, reference: claimed.reference },
        'refund failed; the fan payments job will retry',
      );
      return false;
    }
    await store.withTransaction(async (r) => {
      const now = clock.now();
      const refunded = await r.payments.markRefunded(paymentId, now);
      if (!refunded) return;
      await r.ledger.post(
        refunded.status === 'refused'
          ? refusedRefundPosting(refunded, amount, now)
          : creatorRefundPosting(refunded, amount, now),
      );
    });
    return true;
  }

  return {
    send,
    /** Refunds still owed (the provider was down) or claimed by a process that died. */
    async retryDue(limit = 50): Promise<number> {
      let done = 0;
      for (const payment of await store.payments.listRefundsDue(staleBefore(), limit)) {
        if (await send(payment.id)) done += 1;
      }
      return done;
    },
  };
}

export type FanRefundService = ReturnType<typeof createFanRefundService>;

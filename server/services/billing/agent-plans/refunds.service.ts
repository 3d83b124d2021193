import type { PaymentProvider } from '../../../adapters/payments/provider.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { AgentPlansStore } from '../../../repositories/billing/agent-plans/agent-plans-store.ts';
import type { PaymentsLog } from '../core/renewals.ts';
import { refundedKind } from './ledger-postings.ts';

/**
 * Refunds card checks and refused payments. The refund is claimed first (one caller wins), asked of
 * the provider outside any transaction, then recorded with the ledger's exact reversal; a failure
 * releases the claim and the lifecycle job tries again.
 */
export function createRefundService(deps: {
  store: AgentPlansStore;
  provider: PaymentProvider;
  clock: Clock;
  log: PaymentsLog;
}) {
  const { store, provider, clock, log } = deps;

  async function refund(paymentId: string): Promise<boolean> {
    const claimed = await store.payments.claimRefund(paymentId, clock.now());
    if (!claimed) return false;
    if (claimed.provider !== provider.name) {
      await store.payments.releaseRefund(paymentId);
      return false;
    }
    try {
      await provider.refund({ reference: claimed.reference });
    } catch (error) {
      await store.payments.releaseRefund(paymentId);
      log.warn({ err: error, reference: claimed.reference }, 'refund failed; the lifecycle job will retry');
      return false;
    }
    await store.withTransaction(async (r) => {
      const now = clock.now();
      const refunded = await r.payments.markRefunded(paymentId, now);
      if (!refunded) return;
      await r.ledger.reverse({
        paymentId,
        of: refundedKind(refunded),
        kind: 'refund',
        description: `Refund of ${refunded.reference}`,
        now,
      });
    });
    return true;
  }

  return {
    refund,
    /** Refunds still owed (the provider was down when they were first tried). */
    async retryAwaiting(limit = 50): Promise<number> {
      let done = 0;
      for (const payment of await store.payments.listAwaitingRefund(limit)) {
        if (await refund(payment.id)) done += 1;
      }
      return done;
    },
  };
}

export type RefundService = ReturnType<typeof createRefundService>;

import { payoutMessages as m } from '../../../../common/schemas/payouts.ts';
import {
  type InitiatedTransfer,
  type ProviderTransfer,
  TransferAlreadyInitiatedError,
  type TransferProvider,
  TransferRefusedError,
  type TransferStatus,
  TransferUnreachableError,
} from '../../../adapters/payments/transfers.ts';
import { badRequest, conflict, notFound } from '../../../errors.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { NewPaymentEvent } from '../../../repositories/billing/core/payment-events.repository.ts';
import type { PayoutRecord } from '../../../repositories/billing/payouts/payouts.repository.ts';
import type {
  PayoutRepositories,
  PayoutsStore,
} from '../../../repositories/billing/payouts/payouts-store.ts';
import {
  payoutPaidPosting,
  payoutReturnedPosting,
  payoutReversedPosting,
} from '../fan-payments/ledger-postings.ts';
import type { PayoutNotifier } from './notifier.ts';

/** The provider's word about one transfer, from any source (initiate, finalize, verify, webhook). */
export interface TransferWord {
  status: TransferStatus;
  transferCode?: string | null;
  fee?: number | null;
  failureReason?: string | null;
}

/** What applying a word did: the payout as it now stands, and whether its money moved. */
export interface Applied {
  payout: PayoutRecord | null;
  /** `paid`, `returned` (failed or reversed), `waiting` (still pending/otp), or `unchanged`. */
  effect: 'paid' | 'returned' | 'waiting' | 'unchanged';
  note: string;
}

export interface VerifyReport {
  checked: number;
  paid: number;
  returned: number;
  /** Handed to the provider again under their own reference (it had never seen it). */
  resent: number;
  /** The provider could not be reached for these; the next run tries again. */
  unreachable: number;
}

const sent = ['sending', 'pending', 'otp'] as const;

/**
 * Transfers of payouts already set aside in the ledger: initiating them under our reference,
 * applying the provider's word (initiate, webhook, verify, OTP) once, and the approval check.
 * Every transition is a conditional update in the same transaction as its posting, so a word that
 * arrives twice, late or out of order moves money at most once.
 */
export function createPayoutTransfers(deps: {
  store: PayoutsStore;
  transfers: TransferProvider;
  notifier: PayoutNotifier;
  clock: Clock;
  /** A payout with no conclusive word for this long is verified with the provider. */
  verifyAfterMinutes: number;
  log: { warn(details: object, message: string): void };
}) {
  const { store, transfers, clock } = deps;

  /** One transition and its posting, inside the caller's transaction. */
  async function applyIn(r: PayoutRepositories, payout: PayoutRecord, word: TransferWord): Promise<Applied> {
    const now = clock.now();
    const known = {
      ...(word.transferCode ? { transferCode: word.transferCode } : {}),
      ...(word.fee !== undefined && word.fee !== null ? { fee: word.fee } : {}),
    };
    const reason = word.failureReason ?? null;
    switch (word.status) {
      case 'success': {
        const paid = await r.payouts.transition(payout.id, sent, {
          status: 'paid',
          paidAt: now,
          ...known,
          now,
        });
        if (!paid) return { payout, effect: 'unchanged', note: `already ${payout.status}` };
        await r.ledger.post(payoutPaidPosting(paid, now));
        return { payout: paid, effect: 'paid', note: 'paid' };
      }
      case 'failed': {
        const failed = await r.payouts.transition(payout.id, sent, {
          status: 'failed',
          returnedAt: now,
          failureReason: reason ?? 'The transfer failed',
          ...known,
          now,
        });
        if (!failed) return { payout, effect: 'unchanged', note: `already ${payout.status}` };
        await r.ledger.post(payoutReturnedPosting(failed, failed.failureReason ?? 'failed', now));
        return { payout: failed, effect: 'returned', note: 'failed, money returned' };
      }
      case 'reversed': {
        const changes = {
          status: 'reversed' as const,
          returnedAt: now,
          failureReason: reason ?? 'The bank sent the transfer back',
          ...known,
          now,
        };
        // Paid: undo the payment first. Still in flight (the success never reached us): only return it.
        const afterPaid = await r.payouts.transition(payout.id, ['paid'], changes);
        if (afterPaid) await r.ledger.post(payoutReversedPosting(afterPaid, now));
        const reversed = afterPaid ?? (await r.payouts.transition(payout.id, sent, changes));
        if (!reversed) return { payout, effect: 'unchanged', note: `already ${payout.status}` };
        await r.ledger.post(payoutReturnedPosting(reversed, reversed.failureReason ?? 'reversed', now));
        return { payout: reversed, effect: 'returned', note: 'reversed, money returned' };
      }
      case 'otp':
      case 'pending': {
        const moved = await r.payouts.transition(payout.id, sent, { status: word.status, ...known, now });
        return { payout: moved ?? payout, effect: 'waiting', note: `still ${word.status}` };
      }
    }
  }

  async function afterCommit(applied: Applied): Promise<Applied> {
    if (applied.payout && applied.effect === 'paid') await deps.notifier.paid(applied.payout);
    if (applied.payout && applied.effect === 'returned') await deps.notifier.returned(applied.payout);
    return applied;
  }

  /** Applies the provider's word to the payout with this reference, once. */
  async function apply(reference: string, word: TransferWord): Promise<Applied> {
    const applied = await store.withTransaction(async (r) => {
      const payout = await r.payouts.findByReference(reference);
      if (!payout) return { payout: null, effect: 'unchanged' as const, note: 'unknown reference' };
      return applyIn(r, payout, word);
    });
    return afterCommit(applied);
  }

  /** Sends (or sends again, under the same reference) a payout the provider has not taken yet. */
  async function send(payout: PayoutRecord): Promise<Applied> {
    if (payout.localAmount === null || !payout.localCurrency || !payout.recipientCode)
      throw new Error(`payout ${payout.id} has no transfer details`);
    let answer: InitiatedTransfer;
    try {
      answer = await transfers.initiateTransfer({
        reference: payout.reference,
        amount: { amount: payout.localAmount, currency: payout.localCurrency },
        recipientCode: payout.recipientCode,
        reason: `Fanplace payout ${payout.reference}`,
      });
    } catch (error) {
      if (error instanceof TransferUnreachableError) {
        // The outcome is unknown: pending, for verify to ask about this same reference.
        const now = clock.now();
        const moved = await store.payouts.transition(payout.id, ['sending'], { status: 'pending', now });
        deps.log.warn({ err: error, reference: payout.reference }, 'payout transfer unreachable; to verify');
        return { payout: moved ?? payout, effect: 'waiting', note: 'unreachable' };
      }
      if (error instanceof TransferAlreadyInitiatedError) return verify(payout, { resend: false });
      if (error instanceof TransferRefusedError) {
        return apply(payout.reference, { status: 'failed', failureReason: error.providerMessage });
      }
      // Nothing was sent (a bad key, our configuration): queued again for the job's retry.
      await store.payouts.transition(payout.id, ['sending'], { status: 'requested', now: clock.now() });
      throw error;
    }
    return apply(payout.reference, answer);
  }

  /** Asks the provider about one payout and applies its word; sends it if the provider never saw it. */
  async function verify(payout: PayoutRecord, options = { resend: true }): Promise<Applied> {
    const found: ProviderTransfer | null = await transfers.verifyTransfer(payout.reference);
    await store.payouts.transition(payout.id, [...sent, 'paid'], {
      lastVerifiedAt: clock.now(),
      now: clock.now(),
    });
    if (found) return apply(payout.reference, found);
    const current = (await store.payouts.findById(payout.id)) ?? payout;
    const neverTaken =
      current.status === 'sending' || (current.status === 'pending' && current.transferCode === null);
    if (options.resend && neverTaken) {
      await store.payouts.transition(current.id, ['pending'], { status: 'sending', now: clock.now() });
      return send({ ...current, status: 'sending' });
    }
    return { payout: current, effect: 'unchanged', note: 'unknown to the provider' };
  }

  return {
    /**
     * The initiate job: claims a queued transfer payout (only one caller wins) and sends it under
     * its own reference. Its money was set aside in the ledger when it was made.
     */
    async initiate(payoutId: string): Promise<Applied> {
      const payout = await store.payouts.findById(payoutId);
      if (payout?.method !== 'transfer')
        return { payout, effect: 'unchanged', note: 'not a transfer payout' };
      const claimed = await store.payouts.transition(payout.id, ['requested'], {
        status: 'sending',
        initiatedAt: clock.now(),
        now: clock.now(),
      });
      if (!claimed) return { payout, effect: 'unchanged', note: `already ${payout.status}` };
      const applied = await send(claimed);
      // Taken by the provider and not settled yet: the creator hears it is on its way.
      if (applied.payout && applied.effect === 'waiting' && applied.note !== 'unreachable')
        await deps.notifier.sent(applied.payout);
      return applied;
    },

    /**
     * The verify job: payouts with no conclusive word for `verifyAfterMinutes`, and queued ones whose
     * initiate job never ran, are settled from the provider's own answer.
     */
    async verifyStale(limit = 100): Promise<VerifyReport> {
      const before = new Date(clock.now().getTime() - deps.verifyAfterMinutes * 60_000);
      const report: VerifyReport = { checked: 0, paid: 0, returned: 0, resent: 0, unreachable: 0 };
      const count = (applied: Applied) => {
        if (applied.effect === 'paid') report.paid += 1;
        if (applied.effect === 'returned') report.returned += 1;
      };
      for (const payout of await store.payouts.queued(before, limit)) {
        report.checked += 1;
        report.resent += 1;
        count(await this.initiate(payout.id));
      }
      for (const payout of await store.payouts.stale(before, limit)) {
        report.checked += 1;
        try {
          const applied = await verify(payout);
          if (applied.note === 'unreachable') report.unreachable += 1;
          count(applied);
        } catch (error) {
          if (!(error instanceof TransferUnreachableError)) throw error;
          report.unreachable += 1;
        }
      }
      return report;
    },

    /** Asks the provider about one payout now (an admin's "check now"). */
    async verify(payoutId: string): Promise<Applied> {
      const payout = await store.payouts.findById(payoutId);
      if (!payout) throw notFound(m.payoutNotFound);
      return verify(payout);
    },

    /** An admin completes a transfer waiting for an OTP; a wrong OTP is refused and changes nothing. */
    async finalizeOtp(payoutId: string, otp: string): Promise<Applied> {
      const payout = await store.payouts.findById(payoutId);
      if (!payout) throw notFound(m.payoutNotFound);
      if (payout.status !== 'otp' || !payout.transferCode) throw conflict(m.notAwaitingOtp);
      try {
        const answer = await transfers.finalizeTransfer({ transferCode: payout.transferCode, otp });
        return apply(payout.reference, answer);
      } catch (error) {
        if (error instanceof TransferRefusedError) throw badRequest(error.providerMessage);
        throw error;
      }
    },

    /**
     * A `transfer.*` webhook (already signature-checked): stored once under its `event:reference`
     * key in the same transaction as its effect. A redelivery, or a reference that is not one of our
     * payouts, changes nothing.
     */
    async receive(event: NewPaymentEvent, transfer: ProviderTransfer): Promise<string> {
      const applied = await store.withTransaction(async (r) => {
        const stored = await r.events.record(event);
        if (!stored) return { payout: null, effect: 'unchanged' as const, note: 'duplicate' };
        const payout = await r.payouts.findByReference(transfer.reference);
        const done: Applied =
          payout?.method !== 'transfer'
            ? { payout: null, effect: 'unchanged', note: 'unknown reference' }
            : payout.localAmount !== transfer.amount || payout.localCurrency !== transfer.currency
              ? {
                  payout,
                  effect: 'unchanged',
                  note: 'amount or currency differ from the payout: not applied',
                }
              : await applyIn(r, payout, transfer);
        await r.events.setOutcome(stored.id, done.note, clock.now());
        return done;
      });
      await afterCommit(applied);
      return applied.note;
    },

    /**
     * The approval URL's question (the request is not signed): yes only for a reference we initiated
     * and have not settled, for the same amount, currency and recipient.
     */
    async approve(rawBody: Buffer): Promise<boolean> {
      const request = transfers.parseTransferApproval(rawBody);
      if (!request?.recipientCode) return false;
      const payout = await store.payouts.findByReference(request.reference);
      return (
        payout !== null &&
        payout.method === 'transfer' &&
        (sent as readonly string[]).includes(payout.status) &&
        payout.localAmount === request.amount &&
        payout.localCurrency === request.currency &&
        payout.recipientCode === request.recipientCode
      );
    },
  };
}

export type PayoutTransfers = ReturnType<typeof createPayoutTransfers>;

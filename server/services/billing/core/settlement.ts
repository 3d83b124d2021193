import type { ProviderTransaction } from '../../../adapters/payments/provider.ts';
import { conflict } from '../../../errors.ts';
import type { Clock } from '../../../lib/clock.ts';
import type {
  NewPaymentEvent,
  PaymentEventsRepository,
} from '../../../repositories/billing/core/payment-events.repository.ts';

/** What every payment the core settles has (an agent plan's `payments` row, a `fan_payments` row). */
export interface PayableRecord {
  id: string;
  reference: string;
  amount: number;
  currency: string;
}

/** What one settlement decided, inside the transaction. */
export interface Decision<Outcome extends string, Effects> {
  outcome: Outcome;
  /** What happened, in words (stored as the provider event's outcome). */
  note: string;
  /** Refund this payment after the commit (a refused charge, a trial's card check). */
  refundPaymentId: string | null;
  /** The purpose's own work after the commit (notifications, releasing a saved card). */
  effects: Effects | null;
}

export interface Settlement<Outcome extends string> {
  outcome: Outcome | 'duplicate';
  note: string;
  /**
   * True when the provider's word left the payment open (its transaction still says pending): a
   * provider event that said so is not used up, so its redelivery can settle the payment.
   */
  open: boolean;
}

/** What a payment row keeps of the provider's transaction once it leaves pending. */
export function providerDetails(tx: ProviderTransaction, paidAt: Date) {
  return {
    providerTransactionId: tx.providerTransactionId || null,
    authorizationCode: tx.authorization?.code ?? null,
    customerCode: tx.customerCode,
    cardBrand: tx.authorization?.brand ?? null,
    cardLast4: tx.authorization?.last4 ?? null,
    paidAt,
  };
}

/** The provider has not confirmed the payment a `charge.success` is about; it should send it again. */
export const notConfirmedYet = () =>
  conflict('The provider has not confirmed this payment yet; send the event again later');

/**
 * What a purpose (agent plans, fan payments) plugs into the core: its unit of work, how its payment
 * is read and locked, and its own decisions. Every `decide*` runs inside the core's transaction,
 * under the lock, on the payment as it is now; it returns null when the payment's conditional update
 * found it settled by someone else meanwhile.
 */
export interface SettlementPurpose<
  Payment extends PayableRecord,
  Repositories extends { events: PaymentEventsRepository },
  Outcome extends string,
  Effects,
  Context,
> {
  withTransaction<T>(work: (r: Repositories) => Promise<T>): Promise<T>;
  /** Reads done before the transaction (the embedded database has one connection, held by it). */
  prepare(payment: Payment): Promise<Context>;
  /** Serializes work on the buyer's money (settlements, refunds). */
  lock(r: Repositories, payment: Payment): Promise<void>;
  find(r: Repositories, id: string): Promise<Payment | null>;
  /** Still waiting for the provider's word. */
  isOpen(payment: Payment): boolean;
  outcomeOf(payment: Payment): Outcome;
  refused: Outcome;
  /** Records a charge the provider took but that gives nothing, and posts it (refunded after commit). */
  refuse(
    r: Repositories,
    payment: Payment,
    tx: ProviderTransaction,
    reason: string,
    now: Date,
  ): Promise<boolean>;
  /** The provider took the payment and the amount matches: what it buys, or `refuse(reason)`. */
  succeed(
    r: Repositories,
    payment: Payment,
    tx: ProviderTransaction,
    context: Context,
    now: Date,
    refuse: (reason: string) => Promise<Decision<Outcome, Effects>>,
  ): Promise<Decision<Outcome, Effects> | null>;
  fail(
    r: Repositories,
    payment: Payment,
    tx: ProviderTransaction,
    now: Date,
  ): Promise<Decision<Outcome, Effects> | null>;
  /** The buyer left the provider's page; the payment stays open. */
  abandon(
    r: Repositories,
    payment: Payment,
    tx: ProviderTransaction,
    now: Date,
  ): Promise<Decision<Outcome, Effects>>;
  refund(paymentId: string): Promise<void>;
  afterCommit(effects: Effects): Promise<void>;
}

/**
 * The one settlement path: whoever reports a payment's outcome (the buyer's verify, a provider
 * event, a job) and however often, value is given once. In one database transaction: the provider
 * event's unique key, the buyer's lock, the payment re-read, the amount check, the purpose's decision
 * and the event's outcome. After the commit: the refund a decision owes, then the purpose's effects.
 */
export function createSettlementCore<
  Payment extends PayableRecord,
  Repositories extends { events: PaymentEventsRepository },
  Outcome extends string,
  Effects,
  Context,
>(purpose: SettlementPurpose<Payment, Repositories, Outcome, Effects, Context>, clock: Clock) {
  const settledAlready = async (r: Repositories, payment: Payment): Promise<Decision<Outcome, Effects>> => {
    const current = await purpose.find(r, payment.id);
    const outcome = current ? purpose.outcomeOf(current) : ('failed' as Outcome);
    return { outcome, note: `already ${outcome}`, refundPaymentId: null, effects: null };
  };

  async function refuse(
    r: Repositories,
    payment: Payment,
    tx: ProviderTransaction,
    reason: string,
    now: Date,
  ): Promise<Decision<Outcome, Effects>> {
    if (!(await purpose.refuse(r, payment, tx, reason, now))) return settledAlready(r, payment);
    return {
      outcome: purpose.refused,
      note: `refused: ${reason}`,
      refundPaymentId: payment.id,
      effects: null,
    };
  }

  async function decide(
    r: Repositories,
    payment: Payment,
    tx: ProviderTransaction,
    context: Context,
  ): Promise<Decision<Outcome, Effects> & { open: boolean }> {
    const now = clock.now();
    const current = await purpose.find(r, payment.id);
    if (!current || !purpose.isOpen(current)) return { ...(await settledAlready(r, payment)), open: false };
    let decision: Decision<Outcome, Effects> | null;
    if (tx.status === 'success') {
      decision =
        tx.amount !== current.amount || tx.currency !== current.currency
          ? await refuse(
              r,
              current,
              tx,
              `amount mismatch: asked ${current.amount} ${current.currency}, provider reported ${tx.amount} ${tx.currency}`,
              now,
            )
          : await purpose.succeed(r, current, tx, context, now, (reason) =>
              refuse(r, current, tx, reason, now),
            );
    } else if (tx.status === 'failed' || tx.status === 'reversed') {
      decision = await purpose.fail(r, current, tx, now);
    } else if (tx.status === 'abandoned') {
      return { ...(await purpose.abandon(r, current, tx, now)), open: true };
    } else {
      const outcome = purpose.outcomeOf(current);
      return { outcome, note: `still ${outcome}`, refundPaymentId: null, effects: null, open: true };
    }
    return { ...(decision ?? (await settledAlready(r, payment))), open: false };
  }

  /** Runs `work` once per provider event (none: always), recording its outcome in the same transaction. */
  async function once<T extends { note: string }>(
    event: NewPaymentEvent | undefined,
    work: (r: Repositories) => Promise<T & { open?: boolean }>,
  ): Promise<(T & { open?: boolean }) | 'duplicate'> {
    return purpose.withTransaction(async (r) => {
      const recorded = event ? await r.events.record(event) : null;
      if (event && !recorded) return 'duplicate' as const;
      const result = await work(r);
      if (recorded) {
        // An event that left the payment open is given back: its redelivery is not a duplicate.
        if (result.open) await r.events.remove(recorded.id);
        else await r.events.setOutcome(recorded.id, result.note, clock.now());
      }
      return result;
    });
  }

  /** Applies what the provider said about a payment; with `event`, at most once per event key. */
  async function settle(
    payment: Payment,
    tx: ProviderTransaction,
    event?: NewPaymentEvent,
  ): Promise<Settlement<Outcome>> {
    if (tx.reference !== payment.reference) throw new Error('settle: reference mismatch');
    const context = await purpose.prepare(payment);
    const decision = await once(event, async (r) => {
      await purpose.lock(r, payment);
      return decide(r, payment, tx, context);
    });
    if (decision === 'duplicate') return { outcome: 'duplicate', note: 'duplicate', open: false };
    if (decision.refundPaymentId) await purpose.refund(decision.refundPaymentId);
    if (decision.effects !== null) await purpose.afterCommit(decision.effects);
    return { outcome: decision.outcome, note: decision.note, open: decision.open };
  }

  return {
    settle,
    once,

    /** A charge the provider never took (it does not know the reference, or refused the call). */
    failWithoutProvider(payment: Payment, reason: string): Promise<Settlement<Outcome>> {
      return settle(payment, {
        reference: payment.reference,
        status: 'failed',
        amount: payment.amount,
        currency: payment.currency,
        paidAt: null,
        providerTransactionId: '',
        authorization: null,
        customerCode: null,
        message: reason,
      });
    },

    /** Stores a provider event that changes nothing here (unknown payment, other event types). */
    async recordOnly(event: NewPaymentEvent, note: string): Promise<'stored' | 'duplicate'> {
      const done = await once(event, async () => ({ note }));
      return done === 'duplicate' ? 'duplicate' : 'stored';
    },
  };
}

export type SettlementCore<Payment extends PayableRecord, Outcome extends string> = {
  settle(payment: Payment, tx: ProviderTransaction, event?: NewPaymentEvent): Promise<Settlement<Outcome>>;
  failWithoutProvider(payment: Payment, reason: string): Promise<Settlement<Outcome>>;
  recordOnly(event: NewPaymentEvent, note: string): Promise<'stored' | 'duplicate'>;
};

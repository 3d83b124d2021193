import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SANDBOX_TRANSFER_OTP,
  sandboxTestAccounts,
} from '../../../adapters/payments/sandbox/sandbox-transfers.ts';
import { type TransferProvider, TransferUnreachableError } from '../../../adapters/payments/transfers.ts';
import { AppError } from '../../../errors.ts';
import type { PayoutRecord } from '../../../repositories/billing/payouts/payouts.repository.ts';
import { MINUTE } from '../../../test/clock.ts';
import { createPayoutHarness, moneyOf, type PayoutHarness, setRate } from '../../../test/payouts.ts';

/**
 * Random orders of what creators, the jobs, an admin and the provider do to payouts: requests (and
 * double clicks), initiation (with answers lost before or after the provider took the call), the
 * provider reaching outcomes, webhooks delivered late, twice, out of order or never, verify runs,
 * OTPs right and wrong, account changes mid-flight, new earnings. After each step available
 * earnings are never negative; after each sequence (and a final drain) the ledger balances, every
 * cent of the creator's is in exactly one state, and no payout is paid twice or differs from the
 * provider's books.
 *
 * One database serves every run; each sequence gets a fresh creator. PAYOUTS_PROPERTY_RUNS sets how
 * many (`npm run test:payouts-property` runs 20,000).
 */
const RUNS = Number(process.env.PAYOUTS_PROPERTY_RUNS ?? 1000);
/** Small, so the sandbox's balance (its books in memory) lasts for every run's transfers. */
const RATE = '1.5';

const accountNumbers = [
  '0123456789',
  sandboxTestAccounts.fails,
  sandboxTestAccounts.reverses,
  sandboxTestAccounts.needsOtp,
  sandboxTestAccounts.silent,
] as const;

type Op =
  | { op: 'request'; share: number; key: number }
  | { op: 'initiate'; payout: number; lose: 'none' | 'before' | 'after' }
  | { op: 'provider' }
  | { op: 'deliver'; webhook: number }
  | { op: 'verify' }
  | { op: 'otp'; right: boolean }
  | { op: 'account'; account: number }
  | { op: 'earn'; cents: number };

const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('request' as const),
      share: fc.integer({ min: 1, max: 120 }),
      key: fc.nat(2),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('initiate' as const),
      payout: fc.nat(3),
      lose: fc.constantFrom('none' as const, 'none' as const, 'before' as const, 'after' as const),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('provider' as const) }) },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('deliver' as const), webhook: fc.nat(5) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('verify' as const) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('otp' as const), right: fc.boolean() }) },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('account' as const), account: fc.nat(accountNumbers.length - 1) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('earn' as const), cents: fc.integer({ min: 100, max: 9000 }) }),
  },
);

describe('payout properties', () => {
  let h: PayoutHarness;
  /** What the next initiate call does: reach the provider and lose the answer, or never reach it. */
  let lose: 'none' | 'before' | 'after' = 'none';
  let sequences = 0;
  const seen = { paid: 0, failed: 0, reversed: 0, otp: 0, duplicates: 0, resent: 0 };

  /** The network between the services and the sandbox: it can lose one initiate call's answer. */
  const lossy = (inner: TransferProvider): TransferProvider => ({
    ...inner,
    async initiateTransfer(input) {
      const mode = lose;
      lose = 'none';
      if (mode === 'before') throw new TransferUnreachableError('connection reset before sending');
      const answer = await inner.initiateTransfer(input);
      if (mode === 'after') throw new TransferUnreachableError('timed out waiting for the answer');
      return answer;
    },
  });

  beforeAll(async () => {
    h = await createPayoutHarness('sandbox', { verifyAfterMinutes: 30, wrap: lossy });
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  const transfers = () => {
    if (!h.services.transfers) throw new Error('no transfers');
    return h.services.transfers;
  };

  /** Refusals a creator can meet (409 below the minimum, in flight...) are part of the game. */
  async function tolerate(work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
    } catch (error) {
      if (error instanceof AppError && error.statusCode < 500) return;
      throw error;
    }
  }

  async function run(ops: Op[], firstAccount: number, earned: number): Promise<void> {
    const creator = await h.newCreator();
    await setRate(h, 'NGN', RATE);
    await h.services.accounts.change({
      creatorUserId: creator.id,
      country: 'NG',
      currency: 'NGN',
      bankCode: '058',
      accountNumber: accountNumbers[firstAccount] ?? '0123456789',
      confirmed: true,
    });
    let total = earned;
    await h.earn(creator.id, earned);
    const payouts: PayoutRecord[] = [];
    /** This sequence's webhooks, every one ever sent (a delivery may repeat any of them). */
    const webhooks: { rawBody: string; headers: Record<string, string> }[] = [];
    const collect = async () => {
      await h.sandbox?.idle();
      webhooks.push(...h.outbox.splice(0));
    };
    const checkStep = async () => {
      const money = await moneyOf(h, creator.id);
      expect(money.available).toBeGreaterThanOrEqual(0);
      expect(money.inPayout).toBeGreaterThanOrEqual(0);
    };

    for (const step of ops) {
      switch (step.op) {
        case 'request': {
          const { available } = await moneyOf(h, creator.id);
          const amount = Math.max(1, Math.floor((available * step.share) / 100));
          await tolerate(async () => {
            const made = await h.services.requests.request({
              creatorUserId: creator.id,
              amount,
              idempotencyKey: `k${step.key}`,
            });
            if (payouts.some((payout) => payout.id === made.id)) seen.duplicates += 1;
            else payouts.push(made);
          });
          break;
        }
        case 'initiate': {
          const payout = payouts[step.payout % Math.max(payouts.length, 1)];
          if (!payout) break;
          lose = step.lose;
          await transfers().initiate(payout.id);
          lose = 'none';
          break;
        }
        case 'provider':
          await collect();
          break;
        case 'deliver': {
          const webhook = webhooks[step.webhook % Math.max(webhooks.length, 1)];
          if (webhook) expect(await h.deliver(webhook)).toBe(200);
          break;
        }
        case 'verify': {
          h.clock.advance(31 * MINUTE);
          const report = await transfers().verifyStale();
          seen.resent += report.resent;
          await setRate(h, 'NGN', RATE);
          break;
        }
        case 'otp': {
          for (const payout of payouts) {
            if ((await h.store.payouts.findById(payout.id))?.status !== 'otp') continue;
            seen.otp += 1;
            await tolerate(() =>
              transfers().finalizeOtp(payout.id, step.right ? SANDBOX_TRANSFER_OTP : '999999'),
            );
          }
          break;
        }
        case 'account':
          await h.services.accounts.change({
            creatorUserId: creator.id,
            country: 'NG',
            currency: 'NGN',
            bankCode: '058',
            accountNumber: accountNumbers[step.account] ?? '0123456789',
            confirmed: true,
          });
          break;
        case 'earn':
          total += step.cents;
          await h.earn(creator.id, step.cents);
          break;
      }
      await checkStep();
    }

    // Every cent in exactly one state, whatever happened so far.
    const mid = await moneyOf(h, creator.id);
    expect(mid.available + mid.pending + mid.inPayout + mid.paidOut).toBe(total);

    // Drain: OTPs completed, the provider's outcomes reached and delivered, the rest verified.
    const settled = new Set(['paid', 'failed', 'reversed']);
    for (let round = 0; round < 3; round += 1) {
      let open = false;
      for (const payout of payouts) {
        const status = (await h.store.payouts.findById(payout.id))?.status;
        if (status === 'otp') {
          seen.otp += 1;
          await transfers().finalizeOtp(payout.id, SANDBOX_TRANSFER_OTP);
        }
        if (!status || !settled.has(status)) open = true;
      }
      await collect();
      for (const webhook of webhooks) expect(await h.deliver(webhook)).toBe(200);
      if (!open && round > 0) break;
      h.clock.advance(31 * MINUTE);
      await setRate(h, 'NGN', RATE);
      await transfers().verifyStale();
    }
    await collect();
    for (const webhook of webhooks) expect(await h.deliver(webhook)).toBe(200);
    // The database refuses an unbalanced posting at commit; the whole ledger is proved every 100 runs.
    sequences += 1;
    if (sequences % 100 === 0) await h.ledger();

    const end = await moneyOf(h, creator.id);
    expect(end.available + end.pending + end.inPayout + end.paidOut).toBe(total);
    expect(end.available).toBeGreaterThanOrEqual(0);
    expect(end.inPayout).toBe(0);
    let paidUsd = 0;
    for (const made of payouts) {
      const payout = await h.store.payouts.findById(made.id);
      if (!payout) throw new Error('payout vanished');
      // The provider saw each reference once at most, and agrees with us on its outcome.
      const theirs = await h.transfers?.verifyTransfer(payout.reference);
      const expected = { paid: 'success', failed: 'failed', reversed: 'reversed' } as const;
      expect(payout.status in expected).toBe(true);
      if (payout.status === 'failed') expect(theirs?.status ?? 'failed').toBe('failed');
      else expect(theirs?.status).toBe(expected[payout.status as 'paid' | 'reversed']);
      if (theirs) expect(theirs.recipientCode).toBe(payout.recipientCode);
      if (payout.status === 'paid') paidUsd += payout.amount;
      seen[payout.status as 'paid' | 'failed' | 'reversed'] += 1;
    }
    expect(end.paidOut).toBe(paidUsd);
  }

  it(
    'keeps the ledger balanced, available never negative, every cent in one state, nobody paid twice',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(opArbitrary, { minLength: 1, maxLength: 8 }),
          fc.nat(accountNumbers.length - 1),
          fc.integer({ min: 2000, max: 20_000 }),
          async (ops, account, earned) => run(ops, account, earned),
        ),
        { numRuns: RUNS },
      );
      await h.ledger();
      // A generator that never reaches the interesting states proves nothing.
      expect(Object.entries(seen).filter(([, count]) => count === 0)).toEqual([]);
    },
    Math.max(120_000, RUNS * 300),
  );
});

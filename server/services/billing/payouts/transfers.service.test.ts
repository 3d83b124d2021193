import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SANDBOX_TRANSFER_OTP,
  sandboxTestAccounts,
} from '../../../adapters/payments/sandbox/sandbox-transfers.ts';
import { AppError } from '../../../errors.ts';
import type { PayoutRecord } from '../../../repositories/billing/payouts/payouts.repository.ts';
import { MINUTE } from '../../../test/clock.ts';
import { createPayoutHarness, moneyOf, type PayoutHarness, setRate } from '../../../test/payouts.ts';
import type { PayoutTransfers } from './transfers.service.ts';

const NG = { country: 'NG', currency: 'NGN', bankCode: '058' } as const;

function transfersOf(h: PayoutHarness): PayoutTransfers {
  if (!h.services.transfers) throw new Error('no transfers');
  return h.services.transfers;
}

/** A creator with `cents` available, an account, and a payout of all of it, queued. */
async function queuedPayout(h: PayoutHarness, accountNumber: string, cents = 5000) {
  const creator = await h.newCreator();
  await h.services.accounts.change({ creatorUserId: creator.id, ...NG, accountNumber, confirmed: true });
  await h.earn(creator.id, cents);
  const payout = await h.services.requests.request({ creatorUserId: creator.id, amount: cents });
  return { creator, payout };
}

const statusOf = async (h: PayoutHarness, payout: PayoutRecord) =>
  (await h.store.payouts.findById(payout.id))?.status;

describe('payout transfers (sandbox)', () => {
  let h: PayoutHarness;
  beforeAll(async () => {
    h = await createPayoutHarness('sandbox', { verifyAfterMinutes: 30 });
    await setRate(h);
  });
  afterAll(async () => {
    await h?.close();
  });

  /** Delivers every webhook the sandbox sent so far, once. */
  async function deliverAll(): Promise<number[]> {
    await h.settle();
    const sent = h.outbox.splice(0);
    const statuses: number[] = [];
    for (const delivery of sent) statuses.push(await h.deliver(delivery));
    return statuses;
  }

  it('sets the money aside before the provider is called, then books it paid on transfer.success, once', async () => {
    const { creator, payout } = await queuedPayout(h, '0123456789');
    expect(await moneyOf(h, creator.id)).toMatchObject({ available: 0, inPayout: 5000, paidOut: 0 });
    expect(h.queued).toContain(payout.id);
    const started = await transfersOf(h).initiate(payout.id);
    expect(started.payout).toMatchObject({ status: 'pending', reference: payout.reference });
    expect(started.payout?.transferCode).toMatch(/^TRF_/);
    expect((await transfersOf(h).initiate(payout.id)).note).toBe('already pending');
    // On its way: told once (the second initiate changed nothing).
    expect(h.notices.filter((notice) => notice.userId === creator.id).map((notice) => notice.text)).toEqual([
      'Payouts now go to your account ending 6789',
      'Your payout of $50.00 (NGN 75,000.00) is on its way',
    ]);
    await h.settle();
    const [webhook] = h.outbox.splice(0);
    if (!webhook) throw new Error('no webhook');
    expect(await h.deliver(webhook)).toBe(200);
    expect(await statusOf(h, payout)).toBe('paid');
    expect(await moneyOf(h, creator.id)).toMatchObject({ available: 0, inPayout: 0, paidOut: 5000 });
    // Replayed: stored once, nothing moves.
    expect(await h.deliver(webhook)).toBe(200);
    expect(await moneyOf(h, creator.id)).toMatchObject({ paidOut: 5000 });
    expect(h.mails.filter((mail) => mail.to === creator.email).map((mail) => mail.subject)).toContain(
      'Your payout of $50.00 (NGN 75,000.00) was sent',
    );
    await h.ledger();
  });

  it('returns the money of a failed transfer, with the bank’s reason', async () => {
    const { creator, payout } = await queuedPayout(h, sandboxTestAccounts.fails);
    await transfersOf(h).initiate(payout.id);
    expect(await deliverAll()).toEqual([200]);
    expect(await h.store.payouts.findById(payout.id)).toMatchObject({
      status: 'failed',
      failureReason: 'Account closed',
    });
    expect(await moneyOf(h, creator.id)).toMatchObject({ available: 5000, inPayout: 0, paidOut: 0 });
    expect(h.notices.filter((notice) => notice.userId === creator.id).at(-1)?.text).toBe(
      'Your payout did not go through: Account closed',
    );
    await h.ledger();
  });

  it('takes back a reversed transfer after its success, and a reversal that came first is applied once', async () => {
    const { creator, payout } = await queuedPayout(h, sandboxTestAccounts.reverses);
    await transfersOf(h).initiate(payout.id);
    await h.settle(); // success, then the reversal, each with its webhook
    const [success, reversed] = h.outbox.splice(0);
    if (!success || !reversed) throw new Error('expected two webhooks');
    expect(await h.deliver(success)).toBe(200);
    expect(await moneyOf(h, creator.id)).toMatchObject({ available: 0, paidOut: 5000 });
    expect(await h.deliver(reversed)).toBe(200);
    expect(await h.store.payouts.findById(payout.id)).toMatchObject({
      status: 'reversed',
      failureReason: 'Transfer reversed by the receiving bank',
    });
    expect(await moneyOf(h, creator.id)).toMatchObject({ available: 5000, inPayout: 0, paidOut: 0 });

    const late = await queuedPayout(h, sandboxTestAccounts.reverses);
    await transfersOf(h).initiate(late.payout.id);
    await h.settle();
    const [lateSuccess, earlyReversal] = h.outbox.splice(0);
    if (!lateSuccess || !earlyReversal) throw new Error('expected two webhooks');
    expect(await h.deliver(earlyReversal)).toBe(200);
    expect(await h.deliver(lateSuccess)).toBe(200);
    expect(await h.deliver(earlyReversal)).toBe(200);
    expect(await statusOf(h, late.payout)).toBe('reversed');
    expect(await moneyOf(h, late.creator.id)).toMatchObject({ available: 5000, inPayout: 0, paidOut: 0 });
    await h.ledger();
  });

  it('waits for an OTP: a wrong one is refused and changes nothing, the right one sends it', async () => {
    const { creator, payout } = await queuedPayout(h, sandboxTestAccounts.needsOtp);
    expect((await transfersOf(h).initiate(payout.id)).payout?.status).toBe('otp');
    const wrong = await transfersOf(h)
      .finalizeOtp(payout.id, '000000')
      .catch((error: unknown) => error);
    expect(wrong).toBeInstanceOf(AppError);
    expect((wrong as AppError).message).toBe('Invalid OTP');
    expect(await statusOf(h, payout)).toBe('otp');
    expect((await transfersOf(h).finalizeOtp(payout.id, SANDBOX_TRANSFER_OTP)).payout?.status).toBe(
      'pending',
    );
    expect(await deliverAll()).toEqual([200]);
    expect(await moneyOf(h, creator.id)).toMatchObject({ inPayout: 0, paidOut: 5000 });
  });

  it('verifies a payout whose webhook never came, only once it is stale', async () => {
    const { creator, payout } = await queuedPayout(h, sandboxTestAccounts.silent);
    await transfersOf(h).initiate(payout.id);
    expect(await deliverAll()).toEqual([]);
    expect((await transfersOf(h).verifyStale()).checked).toBe(0);
    expect(await statusOf(h, payout)).toBe('pending');
    h.clock.advance(31 * MINUTE);
    expect(await transfersOf(h).verifyStale()).toMatchObject({ checked: 1, paid: 1 });
    expect(await h.store.payouts.findById(payout.id)).toMatchObject({
      status: 'paid',
      lastVerifiedAt: h.clock.now(),
    });
    expect(await moneyOf(h, creator.id)).toMatchObject({ inPayout: 0, paidOut: 5000 });
  });

  it('sends an in-flight payout to the account it was made for, whatever the creator changes later', async () => {
    const { creator, payout } = await queuedPayout(h, '0111111111');
    const before = await h.services.accounts.current(creator.id);
    await h.services.accounts.change({
      creatorUserId: creator.id,
      ...NG,
      accountNumber: '0222222222',
      confirmed: true,
    });
    await transfersOf(h).initiate(payout.id);
    const sent = await h.transfers?.verifyTransfer(payout.reference);
    expect(sent?.recipientCode).toBe(before?.recipientCode);
    expect(sent?.recipientCode).not.toBe((await h.services.accounts.current(creator.id))?.recipientCode);
    await deliverAll();
  });

  it('stores a webhook for a reference that is not ours and changes nothing; refuses a bad signature', async () => {
    const { creator, payout } = await queuedPayout(h, '0333333333');
    await transfersOf(h).initiate(payout.id);
    await h.settle();
    const [genuine] = h.outbox.splice(0);
    if (!genuine) throw new Error('no webhook');
    const forged = { ...genuine, headers: { ...genuine.headers, 'x-sandbox-signature': 'f'.repeat(128) } };
    expect(await h.deliver(forged)).toBe(401);
    const body = JSON.parse(genuine.rawBody) as { data: { reference: string } };
    body.data.reference = 'payout_not_ours';
    const stranger = h.signed(JSON.stringify(body));
    expect(await h.deliver(stranger)).toBe(200);
    expect(await h.deliver(stranger)).toBe(200);
    expect(await h.store.events.find('sandbox', 'transfer.success:payout_not_ours')).toMatchObject({
      outcome: 'unknown reference',
    });
    expect(await statusOf(h, payout)).toBe('pending');
    expect(await moneyOf(h, creator.id)).toMatchObject({ inPayout: 5000 });
    expect(await h.store.events.find('sandbox', `transfer.success:${payout.reference}`)).toBeNull();
    expect(await h.deliver(genuine)).toBe(200);
    expect(await statusOf(h, payout)).toBe('paid');
    expect(await h.store.events.find('sandbox', `transfer.success:${payout.reference}`)).toMatchObject({
      outcome: 'paid',
    });
  });

  it('approves only a transfer we initiated, for the same amount, currency and recipient', async () => {
    const { payout } = await queuedPayout(h, '0444444444');
    const ask = (changes: Record<string, unknown>) =>
      transfersOf(h).approve(
        Buffer.from(
          JSON.stringify({
            reference: payout.reference,
            amount: payout.localAmount,
            currency: 'NGN',
            transfer_code: 'TRF_x',
            recipient: { recipient_code: payout.recipientCode },
            ...changes,
          }),
        ),
      );
    expect(await ask({})).toBe(false); // queued: not initiated yet
    await transfersOf(h).initiate(payout.id);
    expect(await ask({})).toBe(true);
    expect(await ask({ amount: (payout.localAmount ?? 0) + 1 })).toBe(false);
    expect(await ask({ currency: 'GHS' })).toBe(false);
    expect(await ask({ recipient: { recipient_code: 'RCP_other' } })).toBe(false);
    expect(await ask({ reference: 'payout_unknown' })).toBe(false);
    expect(await transfersOf(h).approve(Buffer.from('not json'))).toBe(false);
    await deliverAll();
    expect(await ask({})).toBe(false); // paid: nothing left to approve
  });

  it('reconciles our payouts with the provider’s transfers and its balance', async () => {
    await deliverAll();
    const from = new Date(h.clock.now().getTime() - 60 * MINUTE);
    const { payout } = await queuedPayout(h, sandboxTestAccounts.silent);
    await transfersOf(h).initiate(payout.id);
    await h.settle();
    // A transfer made at the provider outside Fanplace.
    const stranger = await h.transfers?.createRecipient({
      type: 'nuban',
      name: 'X',
      accountNumber: '0555555555',
      bankCode: '058',
      currency: 'NGN',
    });
    await h.transfers?.initiateTransfer({
      reference: 'outside_1',
      amount: { amount: 100, currency: 'NGN' },
      recipientCode: stranger?.recipientCode ?? '',
      reason: 'outside',
    });
    await h.settle();
    h.outbox.splice(0);
    const report = await h.services.reconciliation?.reconcile({
      from,
      to: new Date(h.clock.now().getTime() + MINUTE),
    });
    expect(report?.differences).toEqual(
      expect.arrayContaining([
        { kind: 'status', reference: payout.reference, ours: 'pending', theirs: 'success' },
        expect.objectContaining({ kind: 'unknown_to_us', reference: 'outside_1' }),
      ]),
    );
    expect(report?.differences).toHaveLength(2);
    expect(report?.balances.every((check) => !check.short)).toBe(true);
  });
});

describe('payout transfers (Paystack, the fake over HTTP)', () => {
  let h: PayoutHarness;
  beforeAll(async () => {
    h = await createPayoutHarness('paystack', { verifyAfterMinutes: 30, paystackTimeoutMs: 300 });
    await setRate(h);
  });
  afterAll(async () => {
    await h?.close();
  });

  const fake = () => {
    if (!h.fake) throw new Error('no fake Paystack');
    return h.fake;
  };
  let accounts = 0;
  /** A queued payout to a fresh account the fake's bank knows. */
  async function queued(cents = 4000) {
    accounts += 1;
    const accountNumber = `07${String(accounts).padStart(8, '0')}`;
    fake().transfers.addAccount({ bankCode: '058', accountNumber, accountName: `ADA OBI ${accounts}` });
    return queuedPayout(h, accountNumber, cents);
  }
  const transferCalls = () => fake().calls.filter((call) => call === 'POST /transfer').length;

  it('keeps a payout whose initiate timed out pending, verifies it under the same reference, never a new one', async () => {
    const { creator, payout } = await queued();
    const before = transferCalls();
    fake().stallNext('POST /transfer');
    const started = await transfersOf(h).initiate(payout.id);
    expect(started).toMatchObject({ note: 'unreachable' });
    expect(await h.store.payouts.findById(payout.id)).toMatchObject({
      status: 'pending',
      transferCode: null,
    });
    expect(fake().transfers.status(payout.reference)).toBe('pending');
    h.clock.advance(31 * MINUTE);
    await transfersOf(h).verifyStale();
    const verified = await h.store.payouts.findById(payout.id);
    expect(verified?.status).toBe('pending');
    expect(verified?.transferCode).toMatch(/^TRF_/);
    expect(transferCalls() - before).toBe(1);
    fake().transfers.succeed(payout.reference);
    await h.settle();
    expect(await moneyOf(h, creator.id)).toMatchObject({ inPayout: 0, paidOut: 4000 });
    expect(await h.store.payouts.findById(payout.id)).toMatchObject({ fee: 1000, status: 'paid' });
  });

  it('verifies a payout whose initiate got a proxy error page (502) after Paystack took it', async () => {
    const { creator, payout } = await queued();
    fake().breakNext('POST /transfer', 502);
    await transfersOf(h).initiate(payout.id);
    expect(await statusOf(h, payout)).toBe('pending');
    h.clock.advance(31 * MINUTE);
    await transfersOf(h).verifyStale();
    expect(fake().transfers.status(payout.reference)).toBe('pending');
    fake().transfers.fail(payout.reference, { reason: 'Beneficiary bank unavailable' });
    await h.settle();
    expect(await h.store.payouts.findById(payout.id)).toMatchObject({
      status: 'failed',
      failureReason: 'Beneficiary bank unavailable',
    });
    expect(await moneyOf(h, creator.id)).toMatchObject({ available: 4000, inPayout: 0 });
  });

  it('verifies instead of sending twice when the reference was already used', async () => {
    const { payout } = await queued();
    await h.transfers?.initiateTransfer({
      reference: payout.reference,
      amount: { amount: payout.localAmount ?? 0, currency: 'NGN' },
      recipientCode: payout.recipientCode ?? '',
      reason: 'an earlier attempt',
    });
    const started = await transfersOf(h).initiate(payout.id);
    expect(started.payout).toMatchObject({ status: 'pending' });
    expect(fake().calls.filter((call) => call === `GET /transfer/verify/${payout.reference}`)).toHaveLength(
      1,
    );
  });

  it("fails a transfer Paystack refuses, in Paystack's words, and returns the money", async () => {
    const { creator, payout } = await queued();
    fake().transfers.setBalance('NGN', 0);
    await transfersOf(h).initiate(payout.id);
    fake().transfers.setBalance('NGN', 1_000_000_000);
    expect(await h.store.payouts.findById(payout.id)).toMatchObject({
      status: 'failed',
      failureReason: 'Your balance is not enough to fulfill this request',
    });
    expect(await moneyOf(h, creator.id)).toMatchObject({ available: 4000, inPayout: 0 });
    await h.ledger();
  });

  it('finalizes an OTP transfer, then a signed transfer.success books it paid', async () => {
    const { creator, payout } = await queued();
    fake().transfers.requireOtp(true);
    await transfersOf(h).initiate(payout.id);
    fake().transfers.requireOtp(false);
    expect(await statusOf(h, payout)).toBe('otp');
    await transfersOf(h).finalizeOtp(payout.id, fake().transfers.otp);
    fake().transfers.succeed(payout.reference);
    await h.settle();
    expect(await h.store.payouts.findById(payout.id)).toMatchObject({ status: 'paid', fee: 1000 });
    expect(await moneyOf(h, creator.id)).toMatchObject({ paidOut: 4000 });
    await h.ledger();
  });

  it('finds in the balance ledger a payout the provider paid out twice', async () => {
    const from = new Date(Date.now() - 60 * MINUTE);
    const { payout } = await queued();
    await transfersOf(h).initiate(payout.id);
    fake().transfers.succeed(payout.reference);
    await h.settle();
    const period = { from, to: new Date(Date.now() + MINUTE) };
    const clean = await h.services.reconciliation?.reconcile(period);
    expect(clean?.differences.filter((difference) => difference.reference === payout.reference)).toEqual([]);

    fake().transfers.debitAgain(payout.reference);
    const report = await h.services.reconciliation?.reconcile(period);
    expect(report?.differences).toContainEqual({
      kind: 'paid_twice',
      reference: payout.reference,
      debits: 2,
      credits: 0,
      currency: 'NGN',
      amount: (payout.localAmount ?? 0) + 1000,
    });
  });
});

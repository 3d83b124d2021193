import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Wallet } from '../../../../common/schemas/fan-payments.ts';
import type {
  AdminPayoutDetail,
  ExchangeRateView,
  PayoutBank,
  PayoutDetail,
  PayoutQuote,
  PayoutSettingsView,
  ReconcileReportView,
  ResolvedPayoutAccount,
} from '../../../../common/schemas/payouts.ts';
import { safetyMessages } from '../../../../common/schemas/safety.ts';
import { signBody } from '../../../adapters/payments/signature.ts';
import { ledgerEntries } from '../../../db/schema/index.ts';
import {
  call,
  DAY,
  db,
  deliverWebhook,
  fan,
  ledgerBalanced,
  ok,
  settle,
} from '../../../test/billing/fan-payments.ts';
import {
  createPayoutsTestApp,
  type FundedCreator,
  GTB,
  initiated,
  newAccountNumber,
  type PayoutsTestApp,
  payoutAccount,
  payoutOf,
  payoutsOf,
  transferAtFake,
  transfersAsked,
} from '../../../test/billing/payouts-http.ts';

/**
 * The payout endpoints end to end (docs/decisions/0037-payouts.md): the real app with its jobs
 * running (the initiate-payout job sends each transfer), on the fake Paystack over HTTP, whose
 * signed transfer.* webhooks reach POST /api/payments/webhook/paystack.
 */

const wallet = (t: PayoutsTestApp, token: string) => ok<Wallet>(call(t, 'GET', '/api/wallet', token));

type Requested = { message: string; payout: PayoutDetail };
type AdminAction = { message: string; payout: AdminPayoutDetail };
type Reconciled = { transfersEnabled: boolean; report: ReconcileReportView | null };

const ledgerEntryCount = async (t: PayoutsTestApp) =>
  (await db(t).select({ n: count() }).from(ledgerEntries))[0]?.n ?? 0;

describe('payouts over HTTP, on the fake Paystack', () => {
  let t: PayoutsTestApp;
  let pool: FundedCreator[] = [];
  /** A creator of this test alone, with $160.00 available (a $200 tip, 20% fee, past the hold). */
  const funded = () => {
    const next = pool.shift();
    if (!next) throw new Error('no funded creator left: raise the count in beforeAll');
    return next;
  };
  const admin = () => t.admin.token;

  /** A payout of `amountCents` requested by the creator over HTTP (201). */
  async function requested(owner: FundedCreator, amountCents: number, idempotencyKey?: string) {
    const answer = await ok<Requested>(
      call(t, 'POST', '/api/wallet/payouts', owner.token, {
        amountCents,
        ...(idempotencyKey ? { idempotencyKey } : {}),
      }),
      201,
    );
    return answer.payout;
  }

  /** Requested, and its initiate job has run: the fake holds the transfer. */
  async function sent(owner: FundedCreator, amountCents: number) {
    const payout = await requested(owner, amountCents);
    expect(await initiated(t, payout.id)).toBe('completed');
    await settle(t);
    return payout;
  }

  beforeAll(async () => {
    ({ t, creators: pool } = await createPayoutsTestApp(11));
    await ok(call(t, 'PUT', '/api/admin/exchange-rates/NGN', admin(), { rate: '1500' }));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    t.fake.transfers.requireOtp(false);
    t.fake.transfers.onApproval(null);
    t.gate.release();
    await settle(t);
    await ledgerBalanced(t);
  });

  it('adds a payout account: banks, the holder’s name, the password, last four digits only, an email, a hold on automatic payouts', async () => {
    const owner = funded();
    const bodies: string[] = [];
    const send = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
      const answer = await call(t, method, url, owner.token, payload);
      bodies.push(answer.body);
      return answer;
    };

    const empty = await ok<PayoutSettingsView>(send('GET', '/api/payouts/settings'));
    expect(empty).toMatchObject({
      transfersEnabled: true,
      account: null,
      schedule: 'on_request',
      minimum: { amount: 2000, currency: 'USD' },
      automaticHoldUntil: null,
    });
    expect(empty.countries.map((country) => country.code)).toEqual(['NG', 'GH', 'KE', 'ZA']);

    // Paystack's active Nigerian banks (it also lists a closed one, which is left out).
    const banks = await ok<{ items: PayoutBank[] }>(send('GET', '/api/payouts/banks?country=NG'));
    expect(banks.items.map((bank) => bank.code).sort()).toEqual(['011', '044', '057', '058']);
    expect(banks.items.every((bank) => bank.currency === 'NGN' && bank.type === 'nuban')).toBe(true);

    const accountNumber = newAccountNumber();
    const last4 = accountNumber.slice(-4);
    t.fake.transfers.addAccount({ bankCode: GTB.bankCode, accountNumber, accountName: 'ADAEZE NWOSU' });
    expect(
      await ok<ResolvedPayoutAccount>(
        send('POST', '/api/payouts/account/resolve', { ...GTB, accountNumber }),
      ),
    ).toEqual({ accountName: 'ADAEZE NWOSU', bankName: 'Guaranty Trust Bank', last4 });
    const unknown = await send('POST', '/api/payouts/account/resolve', {
      ...GTB,
      accountNumber: newAccountNumber(),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Could not resolve account name. Check parameters or try again.');

    // A wrong password: refused before the provider is asked to make a recipient; nothing kept.
    const recipientCalls = () => t.fake.calls.filter((line) => line === 'POST /transferrecipient').length;
    const recipientsBefore = recipientCalls();
    const wrong = await send('PUT', '/api/payouts/account', {
      ...GTB,
      accountNumber,
      currentPassword: 'not my password at all',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(safetyMessages.passwordIncorrect);
    expect(recipientCalls()).toBe(recipientsBefore);
    expect((await ok<PayoutSettingsView>(send('GET', '/api/payouts/settings'))).account).toBeNull();

    const saved = await ok<PayoutSettingsView>(
      send('PUT', '/api/payouts/account', { ...GTB, accountNumber, currentPassword: owner.password }),
    );
    expect(recipientCalls()).toBe(recipientsBefore + 1);
    expect(saved.account).toEqual({
      country: 'NG',
      currency: 'NGN',
      type: 'nuban',
      bankName: 'Guaranty Trust Bank',
      last4,
      accountName: 'ADAEZE NWOSU',
      addedAt: t.clock.now().toISOString(),
    });
    // Automatic payouts wait five days after a change (the clock stands still in tests).
    expect(saved.automaticHoldUntil).toBe(new Date(t.clock.now().getTime() + 5 * DAY).toISOString());
    expect(await ok<PayoutSettingsView>(send('GET', '/api/payouts/settings'))).toEqual(saved);
    const quote = await ok<PayoutQuote>(send('POST', '/api/payouts/quote', { amountCents: 2000 }));
    expect(quote.account).toMatchObject({ last4, bankName: 'Guaranty Trust Bank' });

    const mail = await t.smtp.waitFor(
      (m) => m.to.includes(owner.email) && m.subject === 'Your payout account was added',
    );
    expect(mail.text).toContain(`ending ${last4} (ADAEZE NWOSU)`);
    expect(mail.text).not.toContain(accountNumber);
    expect(
      t.smtp.messages.filter((m) => m.to.includes(owner.email) && m.subject.includes('payout account')),
    ).toHaveLength(1);

    bodies.push((await call(t, 'GET', '/api/wallet', owner.token)).body);
    bodies.push((await call(t, 'GET', '/api/payouts', owner.token)).body);
    expect(bodies.length).toBeGreaterThan(8);
    for (const body of bodies) expect(body).not.toContain(accountNumber);
  });

  it('pays at the admin’s rate: limits, one payout per key, the job sends it, transfer.success books it paid', async () => {
    const owner = funded();
    const { accountNumber } = await payoutAccount(t, owner);

    const rates = await ok<{ items: ExchangeRateView[] }>(
      call(t, 'PUT', '/api/admin/exchange-rates/ngn', admin(), { rate: '1550.25' }),
    );
    expect(rates.items.find((rate) => rate.currency === 'NGN')).toEqual({
      currency: 'NGN',
      rate: '1550.25',
      setAt: t.clock.now().toISOString(),
      stale: false,
    });
    expect(
      (await call(t, 'PUT', '/api/admin/exchange-rates/NGN', owner.token, { rate: '1' })).statusCode,
    ).toBe(403);

    // 2503 cents at 1550.25 naira per dollar: 3,880,275.75 kobo, rounded down.
    const amount = 2503;
    const local = Math.floor(amount * 1550.25);
    expect(local).toBe(3_880_275);
    const quote = await ok<PayoutQuote>(
      call(t, 'POST', '/api/payouts/quote', owner.token, { amountCents: amount }),
    );
    expect(quote).toMatchObject({
      amount: { amount, currency: 'USD' },
      available: { amount: owner.earnedCents, currency: 'USD' },
      method: 'transfer',
      local: { amount: { amount: local, currency: 'NGN' }, rate: '1550.25' },
      account: { last4: accountNumber.slice(-4) },
    });

    const below = await call(t, 'POST', '/api/wallet/payouts', owner.token, { amountCents: 1999 });
    expect(below.statusCode).toBe(409);
    expect(below.json().message).toBe('The smallest payout is $20.00');
    const above = await call(t, 'POST', '/api/wallet/payouts', owner.token, {
      amountCents: owner.earnedCents + 1,
    });
    expect(above.statusCode).toBe(409);
    expect(above.json().message).toBe(
      `You can be paid at most $${(owner.earnedCents / 100).toFixed(2)}, your available balance`,
    );
    expect(await payoutsOf(t, owner.token)).toEqual([]);

    const before = transfersAsked(t);
    const key = `payout-${randomUUID()}`;
    const first = await requested(owner, amount, key);
    const again = await requested(owner, amount, key);
    expect(again.id).toBe(first.id);
    expect(again.reference).toBe(first.reference);
    expect(first).toMatchObject({
      status: 'requested',
      method: 'transfer',
      origin: 'request',
      amount: { amount, currency: 'USD' },
      local: { amount: local, currency: 'NGN' },
      rate: '1550.25',
      account: { bankName: 'Guaranty Trust Bank', last4: accountNumber.slice(-4) },
    });
    expect(first.reference).toMatch(/^payout_/);
    expect((await payoutsOf(t, owner.token)).map((payout) => payout.id)).toEqual([first.id]);

    expect(await initiated(t, first.id)).toBe('completed');
    expect(transfersAsked(t) - before).toBe(1);
    expect(await transferAtFake(t, first.reference)).toMatchObject({
      reference: first.reference,
      amount: local,
      currency: 'NGN',
      status: 'pending',
      recipient: { details: { account_number: accountNumber } },
    });
    expect(await payoutOf(t, owner.token, first.id)).toMatchObject({ status: 'pending', paidAt: null });
    expect(await wallet(t, owner.token)).toMatchObject({
      available: { amount: owner.earnedCents - amount },
      inPayout: { amount },
      paidOut: { amount: 0 },
      openPayout: { id: first.id },
    });

    t.fake.transfers.succeed(first.reference);
    await settle(t);
    const paid = await payoutOf(t, owner.token, first.id);
    expect(paid).toMatchObject({
      status: 'paid',
      fee: { amount: 1000, currency: 'NGN' },
      expectedBy: null,
      failureReason: null,
    });
    expect(paid.paidAt).toBe(t.clock.now().toISOString());
    expect(await wallet(t, owner.token)).toMatchObject({
      available: { amount: owner.earnedCents - amount },
      inPayout: { amount: 0 },
      paidOut: { amount },
      openPayout: null,
    });
    const listed = await ok<{ items: AdminPayoutDetail[] }>(
      call(t, 'GET', '/api/admin/payouts?status=paid&limit=100', admin()),
    );
    expect(listed.items.find((item) => item.id === first.id)).toMatchObject({
      reference: first.reference,
      status: 'paid',
      creator: { handle: owner.handle, email: owner.email },
      local: { amount: local, currency: 'NGN' },
    });
    expect(listed.items.find((item) => item.id === first.id)?.transferCode).toMatch(/^TRF_/);
    await t.smtp.waitFor(
      (m) => m.to.includes(owner.email) && m.subject === 'Your payout of $25.03 (NGN 38,802.75) was sent',
    );
    await ledgerBalanced(t);
  });

  it('returns the money of a failed transfer with the bank’s reason, and then takes a new request', async () => {
    const owner = funded();
    await payoutAccount(t, owner);
    const failing = await sent(owner, 5000);
    expect(await wallet(t, owner.token)).toMatchObject({
      available: { amount: owner.earnedCents - 5000 },
      inPayout: { amount: 5000 },
    });

    t.fake.transfers.fail(failing.reference, { reason: 'Beneficiary account is dormant' });
    await settle(t);
    const failed = await payoutOf(t, owner.token, failing.id);
    expect(failed).toMatchObject({
      status: 'failed',
      failureReason: 'Beneficiary account is dormant',
      paidAt: null,
      expectedBy: null,
    });
    expect(failed.returnedAt).toBe(t.clock.now().toISOString());
    const back = await wallet(t, owner.token);
    expect(back).toMatchObject({
      available: { amount: owner.earnedCents },
      inPayout: { amount: 0 },
      paidOut: { amount: 0 },
      openPayout: null,
    });
    // The history says what came back and why, not another payout request.
    expect(back.history.items.slice(0, 2).map((entry) => [entry.amount.amount, entry.description])).toEqual([
      [5000, 'Payout returned to your balance: Beneficiary account is dormant'],
      [-5000, 'Payout of your earnings, requested'],
    ]);
    await t.smtp.waitFor(
      (m) =>
        m.to.includes(owner.email) &&
        m.subject ===
          `Your payout of $50.00 (NGN ${((failing.local?.amount ?? 0) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}) did not go through` &&
        m.text.includes('Beneficiary account is dormant'),
    );

    const retry = await sent(owner, 6000);
    expect(retry.reference).not.toBe(failing.reference);
    t.fake.transfers.succeed(retry.reference);
    await settle(t);
    expect((await payoutsOf(t, owner.token)).map((payout) => [payout.id, payout.status])).toEqual([
      [retry.id, 'paid'],
      [failing.id, 'failed'],
    ]);
    expect(await wallet(t, owner.token)).toMatchObject({
      available: { amount: owner.earnedCents - 6000 },
      paidOut: { amount: 6000 },
    });
  });

  it('refuses a badly signed transfer webhook, and changes nothing on a replay or an unknown reference', async () => {
    const owner = funded();
    await payoutAccount(t, owner);
    const payout = await sent(owner, 3000);
    // Paystack settles it; its webhook is held back to be delivered by hand.
    t.fake.transfers.succeed(payout.reference, { webhook: false });
    const genuine = t.fake.transfers.webhookFor(payout.reference, 'transfer.success');

    const state = async () => ({
      wallet: await wallet(t, owner.token),
      payout: await payoutOf(t, owner.token, payout.id),
      ledgerEntries: await ledgerEntryCount(t),
    });
    const pending = await state();
    expect(pending.payout.status).toBe('pending');

    const forged = {
      rawBody: genuine.rawBody,
      headers: {
        ...genuine.headers,
        'x-paystack-signature': signBody('sk_test_not_the_key', genuine.rawBody),
      },
    };
    const refused = await deliverWebhook(t, forged);
    expect(refused.statusCode).toBe(401);
    // Paystack's signature over a body someone changed (the amount doubled).
    const tampered = {
      rawBody: genuine.rawBody.replace(
        `"amount":${payout.local?.amount},`,
        `"amount":${(payout.local?.amount ?? 0) * 2},`,
      ),
      headers: genuine.headers,
    };
    expect(tampered.rawBody).not.toBe(genuine.rawBody);
    expect((await deliverWebhook(t, tampered)).statusCode).toBe(401);
    expect(await state()).toEqual(pending);

    const stranger = JSON.parse(genuine.rawBody) as { data: { reference: string } };
    stranger.data.reference = `payout_${randomUUID()}`;
    const strangerBody = JSON.stringify(stranger);
    const unknown = {
      rawBody: strangerBody,
      headers: { ...genuine.headers, 'x-paystack-signature': signBody(t.fake.secretKey, strangerBody) },
    };
    expect((await deliverWebhook(t, unknown)).statusCode).toBe(200);
    expect((await deliverWebhook(t, unknown)).statusCode).toBe(200);
    expect(await state()).toEqual(pending);

    expect((await deliverWebhook(t, genuine)).statusCode).toBe(200);
    await settle(t);
    const paid = await state();
    expect(paid.payout.status).toBe('paid');
    expect(paid.wallet).toMatchObject({ inPayout: { amount: 0 }, paidOut: { amount: 3000 } });
    expect(paid.ledgerEntries).toBe(pending.ledgerEntries + 2);

    expect((await deliverWebhook(t, genuine)).statusCode).toBe(200);
    await settle(t);
    expect(await state()).toEqual(paid);
  });

  it('approves only the transfer it initiated, for its amount, currency and recipient', async () => {
    const owner = funded();
    await payoutAccount(t, owner);
    // Paystack asks the approval URL before it sends each transfer.
    const asked: { rawBody: string; status: number }[] = [];
    t.fake.transfers.onApproval(async (request) => {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/payments/transfer-approval',
        headers: request.headers,
        payload: request.rawBody,
      });
      asked.push({ rawBody: request.rawBody, status: answer.statusCode });
      return answer.statusCode;
    });
    const payout = await sent(owner, 4000);
    expect(asked.map((question) => question.status)).toEqual([200]);
    expect(t.fake.transfers.status(payout.reference)).toBe('pending');

    const original = JSON.parse(asked[0]?.rawBody ?? '{}') as {
      reference: string;
      amount: number;
      currency: string;
      recipient: { recipient_code: string };
    };
    expect(original).toMatchObject({
      reference: payout.reference,
      amount: payout.local?.amount,
      currency: 'NGN',
    });
    const approve = (body: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/transfer-approval',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    const yes = await approve(original);
    expect(yes.statusCode).toBe(200);
    expect(yes.json()).toEqual({ approved: true });
    expect((await approve({ ...original, amount: original.amount + 1 })).statusCode).toBe(400);
    expect((await approve({ ...original, amount: original.amount - 1 })).statusCode).toBe(400);
    expect((await approve({ ...original, currency: 'GHS' })).statusCode).toBe(400);
    expect((await approve({ ...original, reference: `payout_${randomUUID()}` })).statusCode).toBe(400);
    const elsewhere = { ...original.recipient, recipient_code: 'RCP_0123456789abcdef' };
    const refused = await approve({ ...original, recipient: elsewhere });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('This transfer was not initiated by this platform');

    t.fake.transfers.succeed(payout.reference);
    await settle(t);
    expect((await payoutOf(t, owner.token, payout.id)).status).toBe('paid');
    // Settled: nothing left to approve.
    expect((await approve(original)).statusCode).toBe(400);
  });

  it('sends a payout to the account it was made for, whatever the creator changes before it goes', async () => {
    const blocker = funded();
    const owner = funded();
    await payoutAccount(t, blocker);
    const { accountNumber: first } = await payoutAccount(t, owner, 'EMEKA ADEYEMI');
    // The initiate job is busy sending another payout (its call held on the way to Paystack), so
    // this creator's payout stays queued while the account changes.
    t.gate.hold('POST /transfer');
    const busy = await requested(blocker, 3000);
    await t.gate.waiting();
    const payout = await requested(owner, 3500);
    const { accountNumber: second, settings } = await payoutAccount(t, owner, 'EMEKA ADEYEMI');
    expect(settings.account?.last4).toBe(second.slice(-4));
    expect((await payoutOf(t, owner.token, payout.id)).status).toBe('requested');
    expect(t.fake.transfers.status(payout.reference)).toBeNull();

    t.gate.release();
    expect(await initiated(t, busy.id)).toBe('completed');
    expect(await initiated(t, payout.id)).toBe('completed');
    const transfer = await transferAtFake(t, payout.reference);
    expect(transfer.recipient.details.account_number).toBe(first);
    expect(await payoutOf(t, owner.token, payout.id)).toMatchObject({
      status: 'pending',
      account: { last4: first.slice(-4) },
    });
    // The next payout goes to the new account.
    t.fake.transfers.succeed(payout.reference);
    t.fake.transfers.succeed(busy.reference);
    await settle(t);
    const later = await sent(owner, 2000);
    expect((await transferAtFake(t, later.reference)).recipient.details.account_number).toBe(second);
    t.fake.transfers.succeed(later.reference);
    await settle(t);
    expect(await wallet(t, owner.token)).toMatchObject({
      paidOut: { amount: 5500 },
      inPayout: { amount: 0 },
    });
  });

  describe('admins', () => {
    it('reconcile after a paid payout: no differences', async () => {
      const owner = funded();
      await payoutAccount(t, owner);
      const payout = await sent(owner, 2500);
      t.fake.transfers.succeed(payout.reference);
      await settle(t);
      expect((await payoutOf(t, owner.token, payout.id)).status).toBe('paid');

      expect((await call(t, 'POST', '/api/admin/payouts/reconcile', owner.token)).statusCode).toBe(403);
      const ran = await ok<Reconciled>(call(t, 'POST', '/api/admin/payouts/reconcile', admin()));
      expect(ran.transfersEnabled).toBe(true);
      expect(ran.report?.differences).toEqual([]);
      expect(ran.report?.compared).toBeGreaterThanOrEqual(1);
      expect(ran.report?.balances.every((check) => !check.short)).toBe(true);
      expect(await ok<Reconciled>(call(t, 'GET', '/api/admin/payouts/reconcile', admin()))).toEqual(ran);
    });

    it('verify settles a pending payout from Paystack’s answer; mark paid refuses a transfer payout', async () => {
      const owner = funded();
      await payoutAccount(t, owner);
      const payout = await sent(owner, 3000);
      expect((await payoutOf(t, owner.token, payout.id)).status).toBe('pending');

      const byHand = await call(t, 'POST', `/api/admin/payouts/${payout.id}/paid`, admin(), {});
      expect(byHand.statusCode).toBe(409);
      expect(byHand.json().message).toBe(
        'This payout goes by bank transfer: it is marked paid when the provider confirms it',
      );
      expect((await call(t, 'POST', `/api/admin/payouts/${payout.id}/verify`, owner.token)).statusCode).toBe(
        403,
      );

      // Still pending at Paystack: verify changes nothing.
      const unchanged = await ok<AdminAction>(
        call(t, 'POST', `/api/admin/payouts/${payout.id}/verify`, admin()),
      );
      expect(unchanged.payout.status).toBe('pending');
      expect(unchanged.payout.lastVerifiedAt).toBe(t.clock.now().toISOString());

      // Paystack paid it and its webhook was lost.
      t.fake.transfers.succeed(payout.reference, { webhook: false });
      const checked = await ok<AdminAction>(
        call(t, 'POST', `/api/admin/payouts/${payout.id}/verify`, admin()),
      );
      expect(checked).toMatchObject({
        message: 'Checked: paid',
        payout: { id: payout.id, status: 'paid', fee: { amount: 1000, currency: 'NGN' } },
      });
      expect(await wallet(t, owner.token)).toMatchObject({
        inPayout: { amount: 0 },
        paidOut: { amount: 3000 },
      });
      expect((await call(t, 'POST', `/api/admin/payouts/${payout.id}/paid`, admin(), {})).statusCode).toBe(
        409,
      );
    });

    it('finalizes a transfer waiting for an OTP: a wrong one is refused and changes nothing', async () => {
      const owner = funded();
      await payoutAccount(t, owner);
      t.fake.transfers.requireOtp(true);
      const payout = await sent(owner, 2000);
      t.fake.transfers.requireOtp(false);
      expect((await payoutOf(t, owner.token, payout.id)).status).toBe('otp');
      const waiting = await ok<{ items: AdminPayoutDetail[] }>(
        call(t, 'GET', '/api/admin/payouts?status=otp', admin()),
      );
      expect(waiting.items.map((item) => item.id)).toContain(payout.id);

      const wrong = await call(t, 'POST', `/api/admin/payouts/${payout.id}/otp`, admin(), { otp: '000000' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe('Invalid OTP');
      expect((await payoutOf(t, owner.token, payout.id)).status).toBe('otp');
      expect(t.fake.transfers.status(payout.reference)).toBe('otp');
      expect(await wallet(t, owner.token)).toMatchObject({
        inPayout: { amount: 2000 },
        paidOut: { amount: 0 },
      });

      const right = await ok<AdminAction>(
        call(t, 'POST', `/api/admin/payouts/${payout.id}/otp`, admin(), { otp: t.fake.transfers.otp }),
      );
      expect(right.payout.status).toBe('pending');
      expect(t.fake.transfers.status(payout.reference)).toBe('pending');
      const again = await call(t, 'POST', `/api/admin/payouts/${payout.id}/otp`, admin(), {
        otp: t.fake.transfers.otp,
      });
      expect(again.statusCode).toBe(409);

      t.fake.transfers.succeed(payout.reference);
      await settle(t);
      expect((await payoutOf(t, owner.token, payout.id)).status).toBe('paid');
      expect(await wallet(t, owner.token)).toMatchObject({
        inPayout: { amount: 0 },
        paidOut: { amount: 2000 },
      });
    });
  });

  it('is for creators only', async () => {
    const someone = await fan(t);
    const refused = await call(t, 'GET', '/api/payouts/settings', someone.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Become a creator first');
    expect((await call(t, 'GET', '/api/payouts', someone.token)).statusCode).toBe(403);
    expect(
      (await call(t, 'POST', '/api/wallet/payouts', someone.token, { amountCents: 2000 })).statusCode,
    ).toBe(403);
    expect((await call(t, 'GET', '/api/payouts/settings')).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/payouts')).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/admin/payouts', someone.token)).statusCode).toBe(403);
  });
});

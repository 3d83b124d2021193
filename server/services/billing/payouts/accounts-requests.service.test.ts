import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Outbox } from '../../../adapters/mail/index.ts';
import { sandboxTestAccounts } from '../../../adapters/payments/sandbox/sandbox-transfers.ts';
import { AppError } from '../../../errors.ts';
import { HOUR } from '../../../test/clock.ts';
import { createPayoutHarness, DAY, moneyOf, type PayoutHarness, setRate } from '../../../test/payouts.ts';
import { createFanPaymentNotifier } from '../fan-payments/notifier.ts';
import { createWalletService } from '../fan-payments/wallet.service.ts';
import { isoWeekday } from './requests.service.ts';

/** The AppError a call refuses with (its message and HTTP status), or fails the test. */
async function refusal(work: Promise<unknown>): Promise<{ message: string; status: number }> {
  try {
    await work;
  } catch (error) {
    if (error instanceof AppError) return { message: error.message, status: error.statusCode };
    throw error;
  }
  throw new Error('expected a refusal');
}

const NG = { country: 'NG', currency: 'NGN', bankCode: '058' } as const;

describe('payout accounts and requests (sandbox transfers)', () => {
  let h: PayoutHarness;
  beforeAll(async () => {
    h = await createPayoutHarness('sandbox');
    await setRate(h, 'NGN', '1500.5');
  });
  afterAll(async () => {
    await h?.close();
  });

  const account = (creatorUserId: string, accountNumber = '0123456789') =>
    h.services.accounts.change({ creatorUserId, ...NG, accountNumber, confirmed: true });

  it("lists a country's banks, and says so for a country or currency it cannot pay to", async () => {
    const banks = await h.services.accounts.listBanks({
      country: 'GH',
      currency: 'GHS',
      type: 'mobile_money',
    });
    expect(banks.map((bank) => bank.code)).toEqual(['MTN', 'VOD', 'ATL']);
    expect(await refusal(h.services.accounts.listBanks({ country: 'US', currency: 'USD' }))).toEqual({
      status: 400,
      message:
        'Payouts to US are not available by transfer: we can pay to Nigeria, Ghana, Kenya and South Africa',
    });
    const creator = await h.newCreator();
    expect(
      await refusal(
        h.services.accounts.change({
          creatorUserId: creator.id,
          ...NG,
          currency: 'GHS',
          accountNumber: '0123456789',
          confirmed: true,
        }),
      ),
    ).toEqual({ status: 400, message: 'Payouts to NG are paid in its own currency, not GHS' });
    expect(await h.services.accounts.current(creator.id)).toBeNull();
  });

  it("refuses an account the bank does not know, in the provider's words, and saves nothing", async () => {
    const creator = await h.newCreator();
    expect(await refusal(account(creator.id, sandboxTestAccounts.unknown))).toEqual({
      status: 400,
      message: 'Could not resolve account name. Check parameters or try again.',
    });
    expect(
      await refusal(
        h.services.accounts.change({
          creatorUserId: creator.id,
          ...NG,
          bankCode: '000',
          accountNumber: '0123456789',
          confirmed: true,
        }),
      ),
    ).toEqual({
      status: 400,
      message: 'Choose your bank from the list',
    });
    expect(await h.services.accounts.history(creator.id)).toEqual([]);
    expect(h.notices.filter((notice) => notice.userId === creator.id)).toEqual([]);
  });

  it('keeps the last four digits and the bank holder name, holds automatic payouts 5 days, and tells the creator', async () => {
    const creator = await h.newCreator();
    const first = await account(creator.id, '0123456789');
    expect(first).toMatchObject({
      country: 'NG',
      currency: 'NGN',
      type: 'nuban',
      bankName: 'Guaranty Trust Bank',
      last4: '6789',
      accountName: 'SANDBOX ACCOUNT 6789',
      replacedAt: null,
    });
    expect(first.recipientCode).toMatch(/^RCP_/);
    expect(JSON.stringify(first)).not.toContain('0123456789');
    expect((await h.services.requests.settings(creator.id)).automaticHoldUntil).toEqual(
      new Date(h.clock.now().getTime() + 5 * DAY),
    );
    h.clock.advance(HOUR);
    const second = await account(creator.id, '0987654321');
    const history = await h.services.accounts.history(creator.id);
    expect(history.map((row) => [row.last4, row.replacedAt])).toEqual([
      ['4321', null],
      ['6789', h.clock.now()],
    ]);
    expect((await h.services.accounts.current(creator.id))?.id).toBe(second.id);
    expect(h.notices.filter((notice) => notice.userId === creator.id).map((notice) => notice.text)).toEqual([
      'Payouts now go to your account ending 6789',
      'Your payout account changed to one ending 4321',
    ]);
    const subjects = h.mails.filter((mail) => mail.to === creator.email).map((mail) => mail.subject);
    expect(subjects).toEqual(['Your payout account was added', 'Your payout account was changed']);
  });

  it('refuses below the minimum and above the available balance (held earnings are not available)', async () => {
    const creator = await h.newCreator();
    await account(creator.id);
    await h.earn(creator.id, 3000);
    await h.earn(creator.id, 5000, 1);
    expect(await refusal(h.services.requests.request({ creatorUserId: creator.id, amount: 1999 }))).toEqual({
      status: 409,
      message: 'The smallest payout is $20.00',
    });
    expect(await refusal(h.services.requests.request({ creatorUserId: creator.id, amount: 3001 }))).toEqual({
      status: 409,
      message: 'You can be paid at most $30.00, your available balance',
    });
    expect(
      await refusal(h.services.requests.request({ creatorUserId: creator.id, amount: 12.5 })),
    ).toMatchObject({
      status: 400,
    });
    expect(await moneyOf(h, creator.id)).toMatchObject({ available: 3000, pending: 5000, inPayout: 0 });
  });

  it('quotes the local amount at the rate in force, rounded down, and sets nothing aside', async () => {
    const creator = await h.newCreator();
    await account(creator.id);
    await h.earn(creator.id, 4000);
    const quote = await h.services.requests.quote(creator.id, 2333);
    // 23.33 USD at 1,500.5 NGN = 35,006.665 NGN: 3,500,666 kobo.
    expect(quote).toMatchObject({
      amount: 2333,
      available: 4000,
      method: 'transfer',
      local: { amount: 3_500_666, currency: 'NGN', rateMicros: 1_500_500_000 },
    });
    expect(await moneyOf(h, creator.id)).toMatchObject({ available: 4000, inPayout: 0 });
  });

  it('makes one payout for a double click (same key), and refuses a second while one is in flight', async () => {
    const creator = await h.newCreator();
    await account(creator.id);
    await h.earn(creator.id, 10_000);
    const [one, two] = await Promise.all([
      h.services.requests.request({ creatorUserId: creator.id, amount: 4000, idempotencyKey: 'click-1' }),
      h.services.requests.request({ creatorUserId: creator.id, amount: 4000, idempotencyKey: 'click-1' }),
    ]);
    expect(two.id).toBe(one.id);
    const again = await h.services.requests.request({
      creatorUserId: creator.id,
      amount: 4000,
      idempotencyKey: 'click-1',
    });
    expect(again.id).toBe(one.id);
    expect(h.queued.filter((id) => id === one.id)).toHaveLength(1);
    expect(await moneyOf(h, creator.id)).toMatchObject({ available: 6000, inPayout: 4000 });
    expect(
      await refusal(
        h.services.requests.request({ creatorUserId: creator.id, amount: 2000, idempotencyKey: 'click-2' }),
      ),
    ).toEqual({
      status: 409,
      message: 'You already have a payout in progress',
    });
    expect(one).toMatchObject({
      method: 'transfer',
      status: 'requested',
      localAmount: 6_002_000,
      localCurrency: 'NGN',
    });
    await h.ledger();
  });

  it('refuses while the exchange rate is missing or older than PAYOUT_RATE_MAX_AGE_HOURS', async () => {
    const creator = await h.newCreator();
    await h.services.accounts.change({
      creatorUserId: creator.id,
      country: 'KE',
      currency: 'KES',
      bankCode: '01',
      accountNumber: '0123456789',
      confirmed: true,
    });
    await h.earn(creator.id, 5000);
    expect(await refusal(h.services.requests.request({ creatorUserId: creator.id, amount: 2000 }))).toEqual({
      status: 409,
      message: 'Payouts in KES are paused: there is no exchange rate yet',
    });
    await setRate(h, 'KES', '129.1');
    h.clock.advance(24 * HOUR + 1);
    expect(await refusal(h.services.requests.quote(creator.id, 2000))).toEqual({
      status: 409,
      message: 'Payouts in KES are paused until the exchange rate is updated; try again later',
    });
    await setRate(h, 'KES', '130');
    const payout = await h.services.requests.request({ creatorUserId: creator.id, amount: 2000 });
    expect(payout).toMatchObject({ localAmount: 260_000, localCurrency: 'KES', rateMicros: 130_000_000 });
    expect(
      await refusal(h.services.requests.setRate(h.admin.id, { currency: 'KES', unitsPerUsd: '-1' })),
    ).toMatchObject({ status: 400 });
    await setRate(h, 'NGN', '1500.5');
  });

  it('keeps the settings: weekly needs a weekday, and the minimum never goes below the platform one', async () => {
    const creator = await h.newCreator();
    expect(await h.services.requests.settings(creator.id)).toEqual({
      schedule: 'on_request',
      weekday: null,
      minimumCents: 2000,
      platformMinimumCents: 2000,
      automaticHoldUntil: null,
    });
    expect(
      await refusal(h.services.requests.updateSettings(creator.id, { schedule: 'weekly' })),
    ).toMatchObject({ status: 400 });
    expect(
      await refusal(h.services.requests.updateSettings(creator.id, { schedule: 'weekly', weekday: 8 })),
    ).toMatchObject({ status: 400 });
    expect(
      await refusal(
        h.services.requests.updateSettings(creator.id, { schedule: 'on_request', minimumCents: 1999 }),
      ),
    ).toEqual({
      status: 400,
      message: 'The minimum cannot be below $20.00',
    });
    expect(
      await h.services.requests.updateSettings(creator.id, {
        schedule: 'weekly',
        weekday: 3,
        minimumCents: 5000,
      }),
    ).toMatchObject({
      schedule: 'weekly',
      weekday: 3,
      minimumCents: 5000,
    });
  });

  it('pays weekly on the creator’s weekday, above their minimum, not within the account-change hold, once a day', async () => {
    const ready = await h.newCreator();
    const held = await h.newCreator();
    const poor = await h.newCreator();
    const otherDay = await h.newCreator();
    for (const creator of [ready, held, poor, otherDay]) {
      await account(creator.id);
      await h.earn(creator.id, creator === poor ? 1500 : 9000);
    }
    h.clock.advance(6 * DAY);
    await account(held.id, '0987654321');
    const payday = isoWeekday(new Date(h.clock.now().getTime() + DAY));
    for (const creator of [ready, held, poor])
      await h.services.requests.updateSettings(creator.id, { schedule: 'weekly', weekday: payday });
    await h.services.requests.updateSettings(otherDay.id, { schedule: 'weekly', weekday: (payday % 7) + 1 });
    // Payday: `held` changed its account a day ago.
    h.clock.advance(DAY);
    await setRate(h, 'NGN', '1500.5');
    const report = await h.services.requests.runWeekly();
    expect(report.weekday).toBe(payday);
    const mine = new Set([ready.id, held.id, poor.id, otherDay.id]);
    expect(report.skipped.filter((skip) => mine.has(skip.creatorUserId))).toEqual([
      { creatorUserId: poor.id, reason: 'below the minimum' },
    ]);
    expect(await moneyOf(h, ready.id)).toMatchObject({ available: 0, inPayout: 9000 });
    expect(await moneyOf(h, held.id)).toMatchObject({ available: 9000, inPayout: 0 });
    expect(await moneyOf(h, otherDay.id)).toMatchObject({ available: 9000, inPayout: 0 });
    const open = await h.store.payouts.findOpen(ready.id);
    expect(open).toMatchObject({ origin: 'weekly', method: 'transfer', amount: 9000 });
    const second = await h.services.requests.runWeekly();
    expect(second.made).toBe(0);
    expect(await moneyOf(h, ready.id)).toMatchObject({ inPayout: 9000 });
  });
});

describe('payouts by hand (no transfer provider)', () => {
  let h: PayoutHarness;
  beforeAll(async () => {
    h = await createPayoutHarness('manual');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('says transfers are not available, and a request is a manual payout through the same records and postings', async () => {
    const creator = await h.newCreator();
    expect(
      await refusal(
        h.services.accounts.change({
          creatorUserId: creator.id,
          ...NG,
          accountNumber: '0123456789',
          confirmed: true,
        }),
      ),
    ).toEqual({
      status: 409,
      message: 'Payouts by bank transfer are not available on this server; an admin sends payouts by hand',
    });
    await h.earn(creator.id, 2500);
    const payout = await h.services.requests.request({ creatorUserId: creator.id, amount: 2500 });
    expect(payout).toMatchObject({
      method: 'manual',
      status: 'requested',
      localAmount: null,
      recipientCode: null,
    });
    expect(h.queued).toEqual([]);
    expect(h.services.transfers).toBeNull();
    expect(await moneyOf(h, creator.id)).toMatchObject({ available: 0, inPayout: 2500, paidOut: 0 });
    // The admin's "mark paid" (the fan payments' wallet) settles it, as before.
    const wallet = createWalletService({
      store: h.repos.fanPayments,
      creators: h.repos.creators,
      notifier: createFanPaymentNotifier({
        outbox: { sendInBackground() {} } as unknown as Outbox,
        notifications: null,
        users: h.repos.users,
        publicUrl: h.publicUrl,
        log: { error() {} },
      }),
      clock: h.clock,
      holdDays: 7,
      feePercent: 20,
    });
    const paid = await wallet.markPaid(h.admin, payout.id, 'bank ref 42');
    expect(paid.payout).toMatchObject({ status: 'paid', note: 'bank ref 42', reference: payout.reference });
    expect(await moneyOf(h, creator.id)).toMatchObject({ available: 0, inPayout: 0, paidOut: 2500 });
    await h.ledger();
  });
});

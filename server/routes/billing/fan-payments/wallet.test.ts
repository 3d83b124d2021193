import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type {
  Payout,
  UnsubscribeResponse,
  Wallet,
  WalletHistory,
} from '../../../../common/schemas/fan-payments.ts';
import type { AdminPayoutDetail } from '../../../../common/schemas/payouts.ts';
import { checkLedger } from '../../../repositories/billing/core/ledger.repository.ts';
import {
  accountBalance,
  adminToken,
  call,
  createFanPaymentTestApp,
  creator,
  DAY,
  db,
  type FanPaymentTestApp,
  fan,
  ledgerBalanced,
  ok,
  ppvPost,
  settle,
  signIn,
  subscribed,
  unlocked,
} from '../../../test/billing/fan-payments.ts';

const wallet = (t: FanPaymentTestApp, token: string, query = '') =>
  ok<Wallet>(call(t, 'GET', `/api/wallet${query}`, token));

describe('the creator wallet and payouts', () => {
  let t: FanPaymentTestApp;
  beforeAll(async () => {
    t = await createFanPaymentTestApp('sandbox', {
      // Payouts by hand (no payout account), with a minimum below these small earnings.
      env: { PLATFORM_FEE_PERCENT: '25', EARNINGS_HOLD_DAYS: '7', PAYOUT_MINIMUM_CENTS: '100' },
    });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });
  afterEach(async () => {
    await settle(t);
    await ledgerBalanced(t);
  });

  it('holds earnings for 7 days, then pays out the available balance once, recorded in the ledger', async () => {
    const owner = await creator(t, '10.00');
    const empty = await wallet(t, owner.token);
    expect(empty).toMatchObject({
      currency: 'USD',
      available: { amount: 0 },
      pending: { amount: 0 },
      holdDays: 7,
      platformFeePercent: 25,
      openPayout: null,
      nextAvailableAt: null,
      history: { items: [], nextCursor: null },
    });
    expect(empty.automaticPayoutsMessage).toMatch(/Payouts go to your bank account when you request them/);
    const nothing = await call(t, 'POST', '/api/wallet/payouts', owner.token);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe('You have no available balance to pay out');

    const first = await fan(t, { firstName: 'Kofi', lastName: 'Mensah' });
    await subscribed(t, first.token, owner.creator.handle); // 1000: fee 250, earning 750
    const paid = await ppvPost(t, owner.token, '4.00');
    t.clock.advance(3 * DAY);
    const second = await fan(t, { firstName: 'Ama', lastName: 'Owusu' });
    await unlocked(t, second.token, paid.id); // 400: fee 100, earning 300

    let view = await wallet(t, owner.token);
    expect(view).toMatchObject({
      available: { amount: 0 },
      pending: { amount: 1050 },
      lifetimeEarnings: { amount: 1050 },
    });
    expect(new Date(view.nextAvailableAt ?? 0).getTime()).toBe(t.clock.now().getTime() + 4 * DAY);
    expect(view.history.items.map((item) => [item.kind, item.amount.amount, item.description])).toEqual([
      ['earning', 300, 'Ama Owusu unlocked your post'],
      ['earning', 750, 'Kofi Mensah subscribed to you (Monthly)'],
    ]);

    t.clock.advance(4 * DAY + 1000);
    const token = await signIn(t, owner);
    view = await wallet(t, token);
    expect(view).toMatchObject({ available: { amount: 750 }, pending: { amount: 300 } });

    const requested = await ok<{ message: string; payout: Payout }>(
      call(t, 'POST', '/api/wallet/payouts', token),
      201,
    );
    expect(requested).toMatchObject({
      message: 'Payout requested',
      payout: { amount: { amount: 750 }, status: 'requested', paidAt: null },
    });
    const twice = await call(t, 'POST', '/api/wallet/payouts', token);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('You already have a payout in progress');
    view = await wallet(t, token);
    expect(view).toMatchObject({
      available: { amount: 0 },
      pending: { amount: 300 },
      inPayout: { amount: 750 },
      paidOut: { amount: 0 },
      openPayout: { id: requested.payout.id },
    });
    expect(view.history.items[0]).toMatchObject({ kind: 'payout', amount: { amount: -750 } });
    expect(await accountBalance(t, `creator:${owner.user.id}:payouts`)).toBe(-750);

    // The admin settles it by hand.
    const admin = await adminToken(t);
    const queue = await ok<{ items: AdminPayoutDetail[] }>(
      call(t, 'GET', '/api/admin/payouts?status=requested', admin),
    );
    expect(queue.items.find((item) => item.id === requested.payout.id)).toMatchObject({
      creator: { handle: owner.creator.handle, email: owner.email },
      amount: { amount: 750 },
    });
    expect((await call(t, 'GET', '/api/admin/payouts', token)).statusCode).toBe(403);
    expect(
      (await call(t, 'POST', `/api/admin/payouts/${requested.payout.id}/paid`, token, {})).statusCode,
    ).toBe(403);
    const settled = await ok<{ message: string; payout: AdminPayoutDetail }>(
      call(t, 'POST', `/api/admin/payouts/${requested.payout.id}/paid`, admin, {
        note: 'Bank transfer 4411',
      }),
    );
    expect(settled).toMatchObject({
      message: 'Payout marked as paid',
      payout: { status: 'paid', note: 'Bank transfer 4411' },
    });
    const again = await call(t, 'POST', `/api/admin/payouts/${requested.payout.id}/paid`, admin, {});
    expect(again.statusCode).toBe(409);
    expect(
      (await call(t, 'POST', '/api/admin/payouts/00000000-0000-7000-8000-000000000000/paid', admin, {}))
        .statusCode,
    ).toBe(404);
    view = await wallet(t, token);
    expect(view).toMatchObject({
      available: { amount: 0 },
      inPayout: { amount: 0 },
      paidOut: { amount: 750 },
      openPayout: null,
      lifetimeEarnings: { amount: 1050 },
    });
    expect(await accountBalance(t, `creator:${owner.user.id}:payouts`)).toBe(0);
    await t.smtp.waitFor(
      (mail) => mail.to.includes(owner.email) && mail.subject.includes('payout of $7.50 was sent'),
    );
    // A new request is possible once the first is paid.
    t.clock.advance(4 * DAY);
    const next = await ok<{ payout: Payout }>(
      call(t, 'POST', '/api/wallet/payouts', await signIn(t, owner)),
      201,
    );
    expect(next.payout.amount.amount).toBe(300);
  });

  it('takes refunds out of pending or available balance, and pages the history', async () => {
    const owner = await creator(t, '10.00');
    const buyers = [];
    for (let i = 0; i < 3; i += 1) {
      const buyer = await fan(t);
      const { verified } = await subscribed(t, buyer.token, owner.creator.handle);
      buyers.push(verified.subscription?.id ?? '');
    }
    // One of them is refunded at once (all 30 days unused): 750 of the pending earnings go back.
    await ok<UnsubscribeResponse>(
      call(t, 'POST', `/api/creators/me/subscribers/${buyers[0]}/unsubscribe`, owner.token),
    );
    let view = await wallet(t, owner.token, '?limit=2');
    expect(view).toMatchObject({
      pending: { amount: 1500 },
      available: { amount: 0 },
      lifetimeEarnings: { amount: 1500 },
    });
    expect(view.history.items).toHaveLength(2);
    expect(view.history.items[0]).toMatchObject({
      kind: 'refund',
      amount: { amount: -750 },
      description: 'Refund to Ada Lovelace for their subscription (Monthly)',
    });
    const more = await ok<WalletHistory>(
      call(t, 'GET', `/api/wallet/history?limit=2&cursor=${view.history.nextCursor}`, owner.token),
    );
    expect(more.items.map((item) => item.kind)).toEqual(['earning', 'earning']);
    expect(more.nextCursor).toBeNull();
    expect([...view.history.items, ...more.items].reduce((sum, item) => sum + item.amount.amount, 0)).toBe(
      1500,
    );

    // After the hold, a refund of an older payment comes out of the available balance.
    t.clock.advance(10 * DAY);
    const token = await signIn(t, owner);
    expect(await wallet(t, token)).toMatchObject({ available: { amount: 1500 }, pending: { amount: 0 } });
    const refunded = await ok<UnsubscribeResponse>(
      call(t, 'POST', `/api/creators/me/subscribers/${buyers[1]}/unsubscribe`, token),
    );
    expect(refunded.refund?.amount).toBe(666); // 20 of 30 days
    view = await wallet(t, token);
    expect(view.available.amount).toBe(1500 - (666 - Math.round(666 * 0.25)));

    const report = await checkLedger(db(t));
    expect(report.unbalanced).toEqual([]);
  });

  it('is for creators only', async () => {
    const someone = await fan(t);
    const answer = await call(t, 'GET', '/api/wallet', someone.token);
    expect(answer.statusCode).toBe(403);
    expect(answer.json().message).toBe('Become a creator first');
    expect((await call(t, 'POST', '/api/wallet/payouts', someone.token)).statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/wallet')).statusCode).toBe(401);
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type {
  CheckoutResponse,
  Payout,
  TransactionDetail,
  TransactionList,
} from '../../../../common/schemas/fan-payments.ts';
import {
  adminToken,
  call,
  createFanPaymentTestApp,
  creator,
  DAY,
  type FanPaymentTestApp,
  fan,
  ledgerBalanced,
  ok,
  pay,
  ppvPost,
  settle,
  signIn,
  subscribe,
  subscribed,
  unlock,
  unlocked,
  verify,
} from '../../../test/billing/fan-payments.ts';

const list = (t: FanPaymentTestApp, token: string, query = '') =>
  ok<TransactionList>(call(t, 'GET', `/api/me/transactions${query}`, token));

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

describe('transaction history', () => {
  let t: FanPaymentTestApp;
  beforeAll(async () => {
    // A payout by hand of a small balance (no payout account; a minimum below it).
    t = await createFanPaymentTestApp('sandbox', { env: { PAYOUT_MINIMUM_CENTS: '100' } });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });
  afterEach(async () => {
    await settle(t);
    await ledgerBalanced(t);
  });

  it("lists a fan's payments and a creator's earnings, with status, search and date range filters", async () => {
    const start = t.clock.now();
    const owner = await creator(t, '10.00');
    const paid = await ppvPost(t, owner.token, '3.00');
    const buyer = await fan(t, { firstName: 'Hedy', lastName: 'Lamarr' });

    // Day 0: a subscription (completed).
    const { checkout: sub } = await subscribed(t, buyer.token, owner.creator.handle);
    // Day 2: an unlock that is declined (failed), then day 4 one left open (pending).
    t.clock.advance(2 * DAY);
    const declined = await ok<CheckoutResponse>(unlock(t, buyer.token, paid.id));
    await pay(t, declined, { action: 'decline' });
    await verify(t, buyer.token, declined.reference);
    t.clock.advance(2 * DAY);
    const open = await ok<CheckoutResponse>(unlock(t, buyer.token, paid.id));

    const mine = await list(t, buyer.token);
    expect(mine.items.map((row) => [row.kind, row.status, row.amount.amount, row.direction])).toEqual([
      ['payment', 'pending', 300, 'debit'],
      ['payment', 'failed', 300, 'debit'],
      ['payment', 'completed', 1000, 'debit'],
    ]);
    expect(mine.items[2]).toMatchObject({
      transactionId: sub.reference,
      name: owner.creator.displayName,
      handle: owner.creator.handle,
      paymentMethod: 'Card •••• 4081',
    });
    // Each row says what happened from the reader's side, without references.
    expect(mine.items.map((row) => row.description)).toEqual([
      `You unlocked a post by ${owner.creator.displayName}`,
      `You unlocked a post by ${owner.creator.displayName}`,
      `You subscribed to ${owner.creator.displayName} (Monthly)`,
    ]);

    expect((await list(t, buyer.token, '?status=completed')).items.map((row) => row.transactionId)).toEqual([
      sub.reference,
    ]);
    expect((await list(t, buyer.token, '?status=failed')).items.map((row) => row.transactionId)).toEqual([
      declined.reference,
    ]);
    expect((await list(t, buyer.token, '?status=pending')).items.map((row) => row.transactionId)).toEqual([
      open.reference,
    ]);
    const day = (offset: number) => isoDay(new Date(start.getTime() + offset * DAY));
    expect(
      (await list(t, buyer.token, `?from=${day(1)}&to=${day(3)}`)).items.map((r) => r.transactionId),
    ).toEqual([declined.reference]);
    expect((await list(t, buyer.token, `?to=${day(0)}`)).items.map((r) => r.transactionId)).toEqual([
      sub.reference,
    ]);
    expect((await list(t, buyer.token, `?from=${day(4)}`)).items.map((r) => r.transactionId)).toEqual([
      open.reference,
    ]);
    expect((await list(t, buyer.token, `?from=${day(5)}`)).items).toEqual([]);
    expect((await list(t, buyer.token, `?q=${sub.reference.slice(4, 14)}`)).items).toHaveLength(1);
    expect((await list(t, buyer.token, '?q=unlocked')).items).toHaveLength(2);
    expect((await list(t, buyer.token, '?q=nothing-like-this')).items).toEqual([]);
    const both = await list(t, buyer.token, `?status=failed&from=${day(0)}&to=${day(4)}&q=unlocked`);
    expect(both.items.map((row) => row.transactionId)).toEqual([declined.reference]);

    // Keyset pages.
    const page = await list(t, buyer.token, '?limit=2');
    expect(page.items).toHaveLength(2);
    const rest = await list(t, buyer.token, `?limit=2&cursor=${page.nextCursor}`);
    expect(rest.items.map((row) => row.transactionId)).toEqual([sub.reference]);
    expect(rest.nextCursor).toBeNull();

    // The creator sees the earning (80%) with the fan's name (never their email), not the fan's failed or
    // open attempts; the creator's list is searched by the fan's name.
    const earnings = await list(t, owner.token);
    expect(
      earnings.items.map((row) => [
        row.kind,
        row.status,
        row.amount.amount,
        row.direction,
        row.name,
        row.handle,
      ]),
    ).toEqual([['earning', 'completed', 800, 'credit', 'Hedy Lamarr', null]]);
    expect(JSON.stringify(earnings)).not.toContain(buyer.email);
    expect((await list(t, owner.token, '?q=lamarr')).items).toHaveLength(1);
    expect((await list(t, owner.token, `?q=${encodeURIComponent(buyer.email)}`)).items).toEqual([]);
    expect((await list(t, buyer.token, `?q=@${owner.creator.handle}`)).items).toHaveLength(3);
    expect(earnings.items[0]?.description).toBe('Hedy Lamarr subscribed to you (Monthly)');

    const bad = await call(t, 'GET', '/api/me/transactions?status=refunded', buyer.token);
    expect(bad.statusCode).toBe(400);
    const order = await call(t, 'GET', `/api/me/transactions?from=${day(4)}&to=${day(1)}`, buyer.token);
    expect(order.statusCode).toBe(400);
    expect(order.json().message).toBe('The start date must be on or before the end date');
    const date = await call(t, 'GET', '/api/me/transactions?from=2025-13-45', buyer.token);
    expect(date.statusCode).toBe(400);
    expect(date.json().message).toBe('Please choose a valid date');
  });

  it('shows details with the split, and Delete hides a row from that user only', async () => {
    const owner = await creator(t, '10.00');
    const paid = await ppvPost(t, owner.token, '5.00');
    const buyer = await fan(t);
    const { checkout } = await unlocked(t, buyer.token, paid.id);
    const [payment] = (await list(t, buyer.token)).items;
    if (!payment) throw new Error('no payment row');

    const detail = await ok<TransactionDetail>(
      call(t, 'GET', `/api/me/transactions/${payment.id}`, buyer.token),
    );
    expect(detail).toMatchObject({
      id: payment.id,
      transactionId: checkout.reference,
      paymentMethod: 'Card •••• 4081',
      status: 'completed',
      breakdown: {
        gross: { amount: 500 },
        platformFee: { amount: 100 },
        creatorEarning: { amount: 400 },
      },
      refunded: null,
    });
    // Another user cannot read it.
    expect((await call(t, 'GET', `/api/me/transactions/${payment.id}`, owner.token)).statusCode).toBe(404);

    const [earning] = (await list(t, owner.token)).items;
    expect(earning).toMatchObject({
      kind: 'earning',
      amount: { amount: 400 },
      transactionId: checkout.reference,
    });

    const deleted = await call(t, 'DELETE', `/api/me/transactions/${payment.id}`, buyer.token);
    expect(deleted.statusCode).toBe(204);
    expect((await list(t, buyer.token)).items).toEqual([]);
    expect((await call(t, 'GET', `/api/me/transactions/${payment.id}`, buyer.token)).statusCode).toBe(404);
    expect((await call(t, 'DELETE', `/api/me/transactions/${payment.id}`, buyer.token)).statusCode).toBe(404);
    // The creator's row and the ledger are untouched.
    expect((await list(t, owner.token)).items).toHaveLength(1);
    expect((await call(t, 'DELETE', '/api/me/transactions/not-an-id', buyer.token)).statusCode).toBe(404);
  });

  it('shows refunds to the fan, the reversal and payouts to the creator', async () => {
    const owner = await creator(t, '10.00');
    const buyer = await fan(t);
    const { verified } = await subscribed(t, buyer.token, owner.creator.handle);
    await ok(
      call(t, 'POST', `/api/creators/me/subscribers/${verified.subscription?.id}/unsubscribe`, owner.token),
    );
    const fanRows = (await list(t, buyer.token)).items;
    expect(fanRows.map((row) => [row.kind, row.amount.amount, row.direction])).toEqual([
      ['refund', 1000, 'credit'],
      ['payment', 1000, 'debit'],
    ]);
    const second = await fan(t);
    await subscribed(t, second.token, owner.creator.handle);
    t.clock.advance(8 * DAY);
    const token = await signIn(t, owner);
    const { payout } = await ok<{ payout: Payout }>(call(t, 'POST', '/api/wallet/payouts', token), 201);
    let creatorRows = (await list(t, token)).items;
    expect(creatorRows.map((row) => [row.kind, row.status, row.amount.amount])).toEqual([
      ['payout', 'pending', 800],
      ['earning', 'completed', 800],
      ['earning_reversal', 'completed', 800],
      ['earning', 'completed', 800],
    ]);
    await ok(call(t, 'POST', `/api/admin/payouts/${payout.id}/paid`, await adminToken(t), {}));
    creatorRows = (await list(t, token, '?status=pending')).items;
    expect(creatorRows).toEqual([]);
    const sub = await subscribe(t, token, owner.creator.handle);
    expect(sub.statusCode).toBe(403);
  });
});

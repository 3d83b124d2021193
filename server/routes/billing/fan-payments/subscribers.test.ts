import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type {
  FanSubscriptionList,
  SubscriberList,
  UnsubscribeResponse,
} from '../../../../common/schemas/fan-payments.ts';
import type { PostView } from '../../../../common/schemas/posts.ts';
import { bearer } from '../../../test/accounts.ts';
import {
  accountBalance,
  call,
  createFanPaymentTestApp,
  creator,
  DAY,
  deliverEvent,
  drivers,
  type FanPaymentTestApp,
  fan,
  ledgerBalanced,
  ok,
  paymentsOf,
  providerRefunded,
  runJob,
  settle,
  signIn,
  subscribed,
  subscriberPost,
} from '../../../test/billing/fan-payments.ts';

const post = (t: FanPaymentTestApp, id: string, token?: string) =>
  ok<PostView>(call(t, 'GET', `/api/posts/${id}`, token));

const subscribers = (t: FanPaymentTestApp, token: string, query = '') =>
  ok<SubscriberList>(call(t, 'GET', `/api/creators/me/subscribers${query}`, token));

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

describe.each(drivers)('subscriber management (%s)', (driver) => {
  let t: FanPaymentTestApp;
  beforeAll(async () => {
    t = await createFanPaymentTestApp(driver);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });
  afterEach(async () => {
    await settle(t);
    await ledgerBalanced(t);
  });

  it('unsubscribing a fan ends access now and refunds the unused days pro rata, reversing the split', async () => {
    const owner = await creator(t, '10.00');
    const locked = await subscriberPost(t, owner.token);
    const buyer = await fan(t, { firstName: 'Alan', lastName: 'Turing' });
    const { checkout, verified } = await subscribed(t, buyer.token, owner.creator.handle);
    const id = verified.subscription?.id ?? '';

    t.clock.advance(10 * DAY);
    const token = await signIn(t, owner);
    const buyerToken = await signIn(t, buyer);
    expect((await post(t, locked.id, buyerToken)).locked).toBe(false);

    const answer = await ok<UnsubscribeResponse>(
      call(t, 'POST', `/api/creators/me/subscribers/${id}/unsubscribe`, token),
    );
    // 20 of 30 days unused: floor(1000 * 20 / 30) = 666 cents back.
    expect(answer).toMatchObject({
      message: 'User unsubscribed. The unused part of their payment was refunded.',
      refund: { amount: 666, currency: 'USD' },
      subscriber: {
        id,
        name: 'Alan Turing',
        handle: null,
        status: 'Unsubscribed',
        refunded: { amount: 666, currency: 'USD' },
      },
    });
    expect(JSON.stringify(answer)).not.toContain(buyer.email);
    expect((await post(t, locked.id, buyerToken)).locked).toBe(true);
    expect(await providerRefunded(t, checkout.reference)).toBe(666);
    // The creator keeps 80% of what was not refunded: 800 - round(666 * 0.8) = 800 - 533.
    expect(await accountBalance(t, `creator:${owner.user.id}:earnings`)).toBe(-(800 - 533));
    const [payment] = await paymentsOf(t, buyer.user.id);
    expect(payment).toMatchObject({ refundStatus: 'refunded', refundedAmount: 666 });

    const again = await call(t, 'POST', `/api/creators/me/subscribers/${id}/unsubscribe`, token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This subscription has already ended');
    const mine = await ok<FanSubscriptionList>(call(t, 'GET', '/api/me/subscriptions', buyerToken));
    expect(mine.items[0]).toMatchObject({ id, status: 'unsubscribed', hasAccess: false, renews: false });

    // The job never renews it and has nothing left to refund.
    t.clock.advance(25 * DAY);
    await runJob(t);
    expect(await paymentsOf(t, buyer.user.id)).toHaveLength(1);
    expect(await providerRefunded(t, checkout.reference)).toBe(666);
  });

  it('refunds nothing more than what is left, and only the creator of the page may unsubscribe', async () => {
    const owner = await creator(t, '6.00');
    const other = await creator(t);
    const buyer = await fan(t);
    const { checkout, verified } = await subscribed(t, buyer.token, owner.creator.handle, 'six_months');
    const id = verified.subscription?.id ?? '';
    expect(
      (await call(t, 'POST', `/api/creators/me/subscribers/${id}/unsubscribe`, other.token)).statusCode,
    ).toBe(404);
    expect(
      (await call(t, 'POST', `/api/creators/me/subscribers/${id}/unsubscribe`, buyer.token)).statusCode,
    ).toBe(403);
    // Unsubscribed at once: the whole period is unused, the whole payment comes back.
    const answer = await ok<UnsubscribeResponse>(
      call(t, 'POST', `/api/creators/me/subscribers/${id}/unsubscribe`, owner.token),
    );
    expect(answer.refund).toEqual({ amount: 2880, currency: 'USD' });
    expect(await providerRefunded(t, checkout.reference)).toBe(2880);
    expect(await accountBalance(t, `creator:${owner.user.id}:earnings`)).toBe(0);
  });

  it('retries a refund the provider could not make, from the job, once', async () => {
    const owner = await creator(t, '10.00');
    const buyer = await fan(t);
    const { checkout, verified } = await subscribed(t, buyer.token, owner.creator.handle);
    const id = verified.subscription?.id ?? '';
    // The provider already reversed the whole charge on its side: our partial refund is refused.
    const provider = t.app.services.payments.providers.active;
    await provider.refund({ reference: checkout.reference, amount: 1000 });
    t.clock.advance(15 * DAY);
    const token = await signIn(t, owner);
    const answer = await ok<UnsubscribeResponse>(
      call(t, 'POST', `/api/creators/me/subscribers/${id}/unsubscribe`, token),
    );
    expect(answer.refund).toEqual({ amount: 500, currency: 'USD' });
    const [owed] = await paymentsOf(t, buyer.user.id);
    expect(owed).toMatchObject({ refundStatus: 'owed', refundAmount: 500, refundedAmount: 0 });
    // Not yet in the ledger: the earning is still whole until the refund is made.
    expect(await accountBalance(t, `creator:${owner.user.id}:earnings`)).toBe(-800);
    const report = await runJob(t);
    expect(report.refunded).toBe(0);
    expect((await paymentsOf(t, buyer.user.id))[0]).toMatchObject({ refundStatus: 'owed' });
    // Then the fan disputes the charge: the chargeback reverses what was left and the owed refund is dropped.
    const dispute = {
      event: 'charge.dispute.create',
      data: { id: 5551, transaction: { reference: checkout.reference } },
    };
    expect((await deliverEvent(t, dispute)).statusCode).toBe(200);
    expect(await accountBalance(t, `creator:${owner.user.id}:earnings`)).toBe(0);
    await runJob(t);
    expect((await paymentsOf(t, buyer.user.id))[0]).toMatchObject({ refundStatus: null, refundedAmount: 0 });
    expect(await accountBalance(t, `creator:${owner.user.id}:earnings`)).toBe(0);
  });

  it('lists subscribers with search, status filter and start date range, in keyset pages', async () => {
    const owner = await creator(t);
    const start = t.clock.now();
    const names = ['Katherine Johnson', 'Dorothy Vaughan', 'Mary Jackson'];
    const fans = [];
    for (const [index, full] of names.entries()) {
      const [firstName, lastName] = full.split(' ');
      const buyer = await fan(t, { firstName: firstName ?? '', lastName: lastName ?? '' });
      const { verified } = await subscribed(
        t,
        buyer.token,
        owner.creator.handle,
        index === 2 ? 'six_months' : 'monthly',
      );
      fans.push({ ...buyer, subscriptionId: verified.subscription?.id ?? '' });
      t.clock.advance(2 * DAY);
    }
    const token = await signIn(t, owner);
    // Dorothy cancels (still paid up: Unsubscribed), Katherine's month runs out (Expired).
    const dorothy = await signIn(t, fans[1] as { email: string; password: string });
    await ok(call(t, 'POST', `/api/me/subscriptions/${fans[1]?.subscriptionId}/cancel`, dorothy));
    await ok(call(t, 'POST', `/api/me/blocks`, token, { userId: fans[2]?.user.id }));

    let list = await subscribers(t, token);
    expect(list.items.map((row) => [row.name, row.status, row.plan])).toEqual([
      ['Mary Jackson', 'Unsubscribed', 'six_months'],
      ['Dorothy Vaughan', 'Unsubscribed', 'monthly'],
      ['Katherine Johnson', 'Subscribed', 'monthly'],
    ]);
    expect(list.items[0]).toMatchObject({ blocked: true, planName: '6 Months', amount: { amount: 4800 } });
    expect(list.items[2]).toMatchObject({ handle: null, blocked: false, amount: { amount: 1000 } });
    for (const subscriber of fans) expect(JSON.stringify(list)).not.toContain(subscriber.email);

    t.clock.advance(30 * DAY);
    const later = await signIn(t, owner);
    list = await subscribers(t, later, '?status=Expired');
    expect(list.items.map((row) => row.name).sort()).toEqual(['Dorothy Vaughan', 'Katherine Johnson']);
    list = await subscribers(t, later, '?q=vaughan');
    expect(list.items.map((row) => row.name)).toEqual(['Dorothy Vaughan']);
    list = await subscribers(t, later, '?q=mary');
    expect(list.items.map((row) => row.name)).toEqual(['Mary Jackson']);
    // Nobody is found by their email: the creator never learns it.
    list = await subscribers(t, later, `?q=${encodeURIComponent(fans[2]?.email ?? '')}`);
    expect(list.items).toEqual([]);
    const day = (offset: number) => isoDay(new Date(start.getTime() + offset * DAY));
    list = await subscribers(t, later, `?from=${day(2)}&to=${day(2)}`);
    expect(list.items.map((row) => row.name)).toEqual(['Dorothy Vaughan']);
    list = await subscribers(t, later, `?from=${day(1)}`);
    expect(list.items.map((row) => row.name)).toEqual(['Mary Jackson', 'Dorothy Vaughan']);

    const first = await subscribers(t, later, '?limit=2');
    expect(first.items).toHaveLength(2);
    const second = await subscribers(t, later, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((row) => row.name)).toEqual(['Katherine Johnson']);
    expect(second.nextCursor).toBeNull();

    const bad = await call(t, 'GET', `/api/creators/me/subscribers?from=${day(5)}&to=${day(1)}`, later);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The start date must be on or before the end date');
    const notCreator = await call(
      t,
      'GET',
      '/api/creators/me/subscribers',
      await signIn(t, fans[1] as { email: string; password: string }),
    );
    expect(notCreator.statusCode).toBe(403);
    expect(notCreator.json().message).toBe('Become a creator first');
  });

  it('says which subscribers are on a free trial, which renew, and until when a cancelled one has access', async () => {
    const owner = await creator(t, '8.00');
    const handle = owner.creator.handle;
    const bundles = await t.app.inject({
      method: 'PATCH',
      url: '/api/creators/me',
      headers: bearer(owner.token),
      payload: {
        displayName: owner.creator.displayName,
        username: `@${handle}`,
        bio: owner.creator.bio,
        twelveMonthDiscountPercent: 25,
      },
    });
    expect(bundles.statusCode, bundles.body).toBe(200);

    // A trial without a saved card: free for 7 days, then it simply ends.
    const offer = await ok<{ code: string }>(
      call(t, 'POST', '/api/creators/me/offers', owner.token, { kind: 'trial', trialDays: 7 }),
      201,
    );
    const trialFan = await fan(t, { firstName: 'Tara', lastName: 'Trial' });
    await ok(
      call(t, 'POST', `/api/creators/${handle}/offers/${offer.code}/claim`, trialFan.token, { renew: true }),
    );

    // A paid 12-month bundle, cancelled by the fan: access until the year is over, no renewal.
    const bundleFan = await fan(t, { firstName: 'Bea', lastName: 'Bundle' });
    const { verified } = await subscribed(t, bundleFan.token, handle, 'twelve_months');
    const bundleEnd = verified.subscription?.currentPeriodEnd ?? '';
    await ok(call(t, 'POST', `/api/me/subscriptions/${verified.subscription?.id}/cancel`, bundleFan.token));

    // A monthly subscriber who renews.
    const monthlyFan = await fan(t, { firstName: 'Mo', lastName: 'Monthly' });
    const monthly = await subscribed(t, monthlyFan.token, handle);

    const list = await subscribers(t, await signIn(t, owner));
    const row = (name: string) => list.items.find((item) => item.name.startsWith(name));
    const trialEnd = new Date(t.clock.now().getTime() + 7 * DAY);
    expect(row('Tara')).toMatchObject({
      trial: true,
      renews: false,
      activeUntil: expect.any(String),
      retryAt: null,
      amount: { amount: 800, currency: 'USD' },
    });
    expect(Math.abs(new Date(row('Tara')?.activeUntil ?? 0).getTime() - trialEnd.getTime())).toBeLessThan(
      DAY,
    );
    expect(row('Bea')).toMatchObject({
      trial: false,
      renews: false,
      activeUntil: bundleEnd,
      plan: 'twelve_months',
      retryAt: null,
    });
    expect(row('Mo')).toMatchObject({
      trial: false,
      renews: true,
      activeUntil: monthly.verified.subscription?.currentPeriodEnd,
      retryAt: null,
    });

    // The fans see the same facts in their own list.
    const mine = async (token: string) =>
      (await ok<FanSubscriptionList>(call(t, 'GET', '/api/me/subscriptions', token))).items[0];
    expect(await mine(trialFan.token)).toMatchObject({ trial: true, renews: false, hasAccess: true });
    expect(await mine(bundleFan.token)).toMatchObject({ trial: false, renews: false, hasAccess: true });

    // Once the trial's days pass, it has ended: no access, nothing renews.
    t.clock.advance(7 * DAY + 60_000);
    await runJob(t);
    const later = await subscribers(t, await signIn(t, owner), '?status=Expired');
    expect(
      later.items.map((item) => [item.name.split(' ')[0], item.trial, item.renews, item.activeUntil]),
    ).toEqual([['Tara', true, false, null]]);
  });
});

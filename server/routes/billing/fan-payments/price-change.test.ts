import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList } from '../../../../common/events.ts';
import type {
  CheckoutResponse,
  CreatorSubscriptionState,
  FanSubscriptionList,
  PriceChange,
} from '../../../../common/schemas/fan-payments.ts';
import type { CreatorOffer, PublicOffer } from '../../../../common/schemas/offers.ts';
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
  paymentsOf,
  runJob,
  signIn,
  subscribe,
  subscribed,
} from '../../../test/billing/fan-payments.ts';
import { buildCreator } from '../../../test/creators.ts';

const HOUR = 60 * 60 * 1000;
const day = (date: Date) =>
  `${date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' })}, ${date.getUTCFullYear()}`;

/**
 * PUT /api/creators/me/price: new subscribers pay the new price at once; a current subscriber keeps
 * the price of the period they paid for, is told (bell and email) the old price, the new one and the
 * date, and from their next renewal is charged the new price. Renewals stay idempotent and the ledger
 * balances.
 */
describe('a creator changes their subscription price', () => {
  let t: FanPaymentTestApp;

  beforeAll(async () => {
    t = await createFanPaymentTestApp('sandbox');
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const changePrice = (token: string, monthlyPrice: string) =>
    call(t, 'PUT', '/api/creators/me/price', token, { monthlyPrice });

  it('new subscribers pay the new price at once; a current one renews at it from their next renewal, told first', async () => {
    const owner = await creator(t, '10.00');
    const handle = owner.creator.handle;
    const current = await fan(t);
    await subscribed(t, current.token, handle);
    const periodEnd = new Date(
      (await ok<FanSubscriptionList>(call(t, 'GET', '/api/me/subscriptions', current.token))).items[0]
        ?.currentPeriodEnd ?? '',
    );

    const changed = await ok<PriceChange>(changePrice(owner.token, '12.50'));
    expect(changed).toMatchObject({
      monthlyPrice: { amount: 1250, currency: 'USD' },
      subscribersNotified: 1,
    });

    // The current subscriber is told in the bell and by email: old price, new price, from when.
    const bell = await ok<NotificationList>(call(t, 'GET', '/api/notifications', current.token));
    const notice = bell.items.find((item) => item.kind === 'price_change');
    expect(notice?.text).toBe(
      `${owner.creator.displayName} changed their price: your subscription renews at $12.50 a month instead of $10.00, from ${day(periodEnd)}.`,
    );
    const mail = await t.smtp.waitFor(
      (m) => m.to.includes(current.email) && m.subject.includes('subscription price is changing'),
    );
    expect(mail.text).toContain('costs $10.00 now');
    expect(mail.text).toContain(`From your next renewal on ${day(periodEnd)}, it renews at $12.50`);
    expect(mail.text).toContain('cancel before that date');

    // A new subscriber is offered and charged the new price.
    const state = await ok<CreatorSubscriptionState>(call(t, 'GET', `/api/creators/${handle}/subscription`));
    expect(state.plans.find((plan) => plan.id === 'monthly')?.price.amount).toBe(1250);
    const newcomer = await fan(t);
    const checkout = await ok<CheckoutResponse>(subscribe(t, newcomer.token, handle));
    expect(checkout.amount.amount).toBe(1250);

    // Before the renewal nothing more is charged; the period paid for stays at $10.00.
    t.clock.advance(periodEnd.getTime() - t.clock.now().getTime() - 2 * HOUR);
    await runJob(t);
    expect((await paymentsOf(t, current.user.id)).map((p) => [p.purpose, p.amount])).toEqual([
      ['subscription_start', 1000],
    ]);

    // The next renewal charges the new price, once however often the job runs.
    t.clock.advance(HOUR + 30 * 60 * 1000);
    await runJob(t);
    await runJob(t);
    expect((await paymentsOf(t, current.user.id)).map((p) => [p.purpose, p.amount, p.status])).toEqual([
      ['subscription_start', 1000, 'succeeded'],
      ['subscription_renewal', 1250, 'succeeded'],
    ]);
    await ledgerBalanced(t);

    // The same price again changes nothing and tells nobody.
    const again = await ok<PriceChange>(changePrice(await signIn(t, owner), '12.50'));
    expect(again.subscribersNotified).toBe(0);
  });

  it('a lower price also applies from the next renewal, and bundles follow the monthly price', async () => {
    const owner = await creator(t, '20.00');
    const monthly = await fan(t);
    const sixMonths = await fan(t);
    await subscribed(t, monthly.token, owner.creator.handle);
    await subscribed(t, sixMonths.token, owner.creator.handle, 'six_months');

    const changed = await ok<PriceChange>(changePrice(owner.token, '15.00'));
    expect(changed.subscribersNotified).toBe(2);
    const text = async (token: string) =>
      (await ok<NotificationList>(call(t, 'GET', '/api/notifications', token))).items.find(
        (item) => item.kind === 'price_change',
      )?.text;
    expect(await text(monthly.token)).toContain('renews at $15.00 a month instead of $20.00');
    // Six months: 6 x $15 x 0.8 = $72 instead of 6 x $20 x 0.8 = $96.
    expect(await text(sixMonths.token)).toContain('renews at $72.00 for 6 Months instead of $96.00');

    t.clock.advance(30 * DAY);
    await runJob(t);
    const renewal = (await paymentsOf(t, monthly.user.id)).find((p) => p.purpose === 'subscription_renewal');
    expect(renewal).toMatchObject({ amount: 1500, status: 'succeeded' });
    await ledgerBalanced(t);
  });

  it('a promotion made before the change takes its discount off the new price', async () => {
    const owner = await creator(t, '10.00');
    const handle = owner.creator.handle;
    const promo = await ok<CreatorOffer>(
      call(t, 'POST', '/api/creators/me/offers', owner.token, {
        kind: 'promotion',
        discountPercent: 40,
        audience: 'new',
      }),
      201,
    );
    await ok<PriceChange>(changePrice(owner.token, '20.00'));
    const buyer = await fan(t);
    const seen = await ok<PublicOffer>(
      call(t, 'GET', `/api/creators/${handle}/offers/${promo.code}`, buyer.token),
    );
    expect(seen).toMatchObject({ firstPeriodPrice: { amount: 1200 }, regularPrice: { amount: 2000 } });
    const checkout = await ok<CheckoutResponse>(
      call(t, 'POST', `/api/creators/${handle}/subscribe`, buyer.token, {
        plan: 'monthly',
        offer: promo.code,
      }),
    );
    expect(checkout.amount.amount).toBe(1200);
  });

  it('keeps the limits onboarding enforces, in plain words', async () => {
    const owner = await creator(t, '10.00');
    for (const [typed, message] of [
      ['3.00', 'The monthly price must be between $4.99 and $100'],
      ['100.01', 'The monthly price must be between $4.99 and $100'],
      ['ten', 'Enter a price in dollars, like 9.99'],
      ['', 'Please enter your monthly price'],
    ]) {
      const answer = await changePrice(owner.token, typed ?? '');
      expect(answer.statusCode, typed).toBe(400);
      expect(answer.json().fields?.monthlyPrice).toBe(message);
    }
    const state = await ok<CreatorSubscriptionState>(
      call(t, 'GET', `/api/creators/${owner.creator.handle}/subscription`),
    );
    expect(state.plans.find((plan) => plan.id === 'monthly')?.price.amount).toBe(1000);
  });

  it('only an approved creator changes a price, and only their own page', async () => {
    const owner = await creator(t, '10.00');
    const other = await creator(t, '8.00');
    const someFan = await fan(t);
    expect((await changePrice(someFan.token, '12.00')).statusCode).toBe(403);
    const pending = await buildCreator(t, { draft: { monthlyPrice: '9.00' } });
    const refused = await changePrice(pending.token, '12.00');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You can change your price once your page is approved');
    // Another creator's change is their own page's: this one's price stays.
    await ok<PriceChange>(changePrice(other.token, '30.00'));
    const state = await ok<CreatorSubscriptionState>(
      call(t, 'GET', `/api/creators/${owner.creator.handle}/subscription`, await adminToken(t)),
    );
    expect(state.plans.find((plan) => plan.id === 'monthly')?.price.amount).toBe(1000);
    expect((await changePrice('', '12.00')).statusCode).toBe(401);
  });
});

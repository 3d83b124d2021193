import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CreatorProfile } from '../../../../common/schemas/creators.ts';
import type {
  CheckoutResponse,
  CreatorSubscriptionState,
  FanSubscriptionList,
  UnsubscribeResponse,
} from '../../../../common/schemas/fan-payments.ts';
import type { PostView } from '../../../../common/schemas/posts.ts';
import { bearer, signUpVerified } from '../../../test/accounts.ts';
import {
  accountBalance,
  adminToken,
  call,
  createFanPaymentTestApp,
  creator,
  DAY,
  drivers,
  type FanPaymentTestApp,
  fan,
  ledgerBalanced,
  ok,
  pay,
  paymentsOf,
  providerRefunded,
  runJob,
  settle,
  signIn,
  subscribe,
  subscribed,
  subscriberPost,
  verify,
} from '../../../test/billing/fan-payments.ts';
import { buildCreator, completeOnboarding, fullDraft, saveDraft } from '../../../test/creators.ts';

type Owner = Awaited<ReturnType<typeof creator>>;
type Discounts = { threeMonthDiscountPercent?: unknown; twelveMonthDiscountPercent?: unknown };

const DISCOUNT_MESSAGE = 'The discount must be a whole number from 0 to 60';

/** PATCH /api/creators/me with the creator's own profile fields and these discounts. */
function setBundles(t: FanPaymentTestApp, owner: Owner, discounts: Discounts, token = owner.token) {
  return t.app.inject({
    method: 'PATCH',
    url: '/api/creators/me',
    headers: bearer(token),
    payload: {
      displayName: owner.creator.displayName,
      username: `@${owner.creator.handle}`,
      bio: owner.creator.bio,
      ...discounts,
    },
  });
}

const plansOf = async (t: FanPaymentTestApp, handle: string, token?: string) =>
  (await ok<CreatorSubscriptionState>(call(t, 'GET', `/api/creators/${handle}/subscription`, token))).plans;

const post = (t: FanPaymentTestApp, id: string, token?: string) =>
  ok<PostView>(call(t, 'GET', `/api/posts/${id}`, token));

describe('setting the 3- and 12-month bundles', () => {
  let t: FanPaymentTestApp;
  beforeAll(async () => {
    t = await createFanPaymentTestApp('sandbox');
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('offers no bundle by default: monthly and six months (Save 20%) as before', async () => {
    const owner = await creator(t, '10.00');
    expect(owner.creator.bundles).toEqual({
      threeMonthDiscountPercent: null,
      twelveMonthDiscountPercent: null,
    });
    expect(await plansOf(t, owner.creator.handle)).toEqual([
      expect.objectContaining({
        id: 'monthly',
        months: 1,
        price: { amount: 1000, currency: 'USD' },
        badge: null,
      }),
      expect.objectContaining({
        id: 'six_months',
        months: 6,
        price: { amount: 4800, currency: 'USD' },
        badge: 'Save 20%',
        savingPercent: 20,
      }),
    ]);
  });

  it('saves whole-percent discounts from 0 to 60 and lists the plans with their real saving', async () => {
    const owner = await creator(t, '9.99');
    const saved = await setBundles(t, owner, {
      threeMonthDiscountPercent: 15,
      twelveMonthDiscountPercent: 33,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<CreatorProfile>().bundles).toEqual({
      threeMonthDiscountPercent: 15,
      twelveMonthDiscountPercent: 33,
    });
    const plans = await plansOf(t, owner.creator.handle);
    expect(
      plans.map((plan) => [
        plan.id,
        plan.name,
        plan.months,
        plan.price.amount,
        plan.savingPercent,
        plan.badge,
      ]),
    ).toEqual([
      ['monthly', 'Monthly', 1, 999, 0, null],
      // 3 x 9.99 x 0.85 = 25.4745, rounded down to $25.47; saving 4.50 of 29.97 = 15.02%.
      ['three_months', '3 Months', 3, 2547, 15, 'Save 15%'],
      ['six_months', '6 Months', 6, 4795, 20, 'Save 20%'],
      // 12 x 9.99 x 0.67 = 80.3196, rounded down to $80.31; saving 39.57 of 119.88 = 33.01%.
      ['twelve_months', '12 Months', 12, 8031, 33, 'Save 33%'],
    ]);
    // Both ends of the range; 0% is offered without a badge.
    expect(
      (await setBundles(t, owner, { threeMonthDiscountPercent: 0, twelveMonthDiscountPercent: 60 }))
        .statusCode,
    ).toBe(200);
    expect(
      (await plansOf(t, owner.creator.handle)).filter((plan) => plan.months % 3 === 0 && plan.months !== 6),
    ).toEqual([
      expect.objectContaining({
        id: 'three_months',
        price: { amount: 2997, currency: 'USD' },
        savingPercent: 0,
        badge: null,
      }),
      expect.objectContaining({
        id: 'twelve_months',
        price: { amount: 4795, currency: 'USD' },
        savingPercent: 60,
        badge: 'Save 60%',
      }),
    ]);
    // Left out: unchanged; null: no longer offered.
    expect((await setBundles(t, owner, { twelveMonthDiscountPercent: null })).statusCode).toBe(200);
    expect((await plansOf(t, owner.creator.handle)).map((plan) => plan.id)).toEqual([
      'monthly',
      'three_months',
      'six_months',
    ]);
  });

  it('refuses a discount that is not a whole number from 0 to 60, with the message, and changes nothing', async () => {
    const owner = await creator(t, '10.00');
    expect((await setBundles(t, owner, { threeMonthDiscountPercent: 10 })).statusCode).toBe(200);
    for (const bad of [61, -1, 12.5, '15', true, 1000]) {
      for (const field of ['threeMonthDiscountPercent', 'twelveMonthDiscountPercent'] as const) {
        const response = await setBundles(t, owner, { [field]: bad });
        expect(response.statusCode, `${field}=${JSON.stringify(bad)}`).toBe(400);
        expect(response.json<{ fields: Record<string, string> }>().fields[field]).toBe(DISCOUNT_MESSAGE);
      }
    }
    const mine = await ok<{ creator: CreatorProfile }>(call(t, 'GET', '/api/creators/me', owner.token));
    expect(mine.creator.bundles).toEqual({ threeMonthDiscountPercent: 10, twelveMonthDiscountPercent: null });
  });

  it('takes the bundles from the onboarding draft, and refuses a bad discount there with its field', async () => {
    const { creator: made } = await buildCreator(t, {
      approveWith: await adminToken(t),
      draft: { monthlyPrice: '10.00', twelveMonthDiscount: '25' },
    });
    expect(made.bundles).toEqual({ threeMonthDiscountPercent: null, twelveMonthDiscountPercent: 25 });
    expect((await plansOf(t, made.handle)).map((plan) => [plan.id, plan.price.amount, plan.badge])).toEqual([
      ['monthly', 1000, null],
      ['six_months', 4800, 'Save 20%'],
      ['twelve_months', 9000, 'Save 25%'],
    ]);

    const account = await signUpVerified(t);
    const draft = await fullDraft(t, account.token, { threeMonthDiscount: '75', twelveMonthDiscount: '' });
    expect((await saveDraft(t, account.token, 'post', draft)).statusCode).toBe(200);
    const refused = await completeOnboarding(t, account.token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ fields: Record<string, string> }>().fields).toMatchObject({
      threeMonthDiscount: DISCOUNT_MESSAGE,
      twelveMonthDiscount: 'Please enter a discount, or turn this bundle off',
    });
  });

  it('lets only a creator set bundles, on their own page', async () => {
    const buyer = await fan(t);
    const owner = await creator(t);
    const response = await setBundles(t, owner, { threeMonthDiscountPercent: 10 }, buyer.token);
    expect(response.statusCode).toBe(404);
    const mine = await ok<{ creator: CreatorProfile }>(call(t, 'GET', '/api/creators/me', owner.token));
    expect(mine.creator.bundles?.threeMonthDiscountPercent).toBeNull();
  });
});

describe.each(drivers)('subscribing to a 3- or 12-month bundle (%s)', (driver) => {
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

  async function bundledCreator(discounts: Discounts, monthly = '9.99') {
    const owner = await creator(t, monthly);
    const saved = await setBundles(t, owner, discounts);
    expect(saved.statusCode, saved.body).toBe(200);
    return owner;
  }

  it.each([
    { plan: 'three_months' as const, name: '3 Months', discount: 15, price: 2547, fee: 509, days: 90 },
    { plan: 'twelve_months' as const, name: '12 Months', discount: 33, price: 8031, fee: 1606, days: 360 },
  ])('charges the $plan price once, gives $days days of access and splits the ledger', async (c) => {
    const owner = await bundledCreator({ threeMonthDiscountPercent: 15, twelveMonthDiscountPercent: 33 });
    const locked = await subscriberPost(t, owner.token);
    const buyer = await fan(t);

    const checkout = await ok<CheckoutResponse>(subscribe(t, buyer.token, owner.creator.handle, c.plan));
    expect(checkout.amount).toEqual({ amount: c.price, currency: 'USD' });
    await pay(t, checkout);
    const verified = await verify(t, buyer.token, checkout.reference);
    expect(verified).toMatchObject({
      status: 'succeeded',
      subscription: { plan: c.plan, planName: c.name, amount: { amount: c.price }, status: 'active' },
    });
    await settle(t);
    const sub = verified.subscription;
    const start = new Date(sub?.currentPeriodStart ?? 0).getTime();
    const end = new Date(sub?.currentPeriodEnd ?? 0).getTime();
    expect(start).toBe(t.clock.now().getTime());
    expect(end - start).toBe(c.days * DAY);

    // One payment, for the whole period, of exactly the bundle price.
    const payments = await paymentsOf(t, buyer.user.id);
    expect(payments.map((p) => [p.purpose, p.plan, p.status, p.amount, p.feeAmount])).toEqual([
      ['subscription_start', c.plan, 'succeeded', c.price, c.fee],
    ]);
    expect(await accountBalance(t, `creator:${owner.user.id}:earnings`)).toBe(-(c.price - c.fee));

    // Access through the whole period (checked two hours before its end, before any renewal).
    expect((await post(t, locked.id, buyer.token)).locked).toBe(false);
    t.clock.advance(end - t.clock.now().getTime() - 2 * 60 * 60 * 1000);
    const token = await signIn(t, buyer);
    expect((await post(t, locked.id, token)).locked).toBe(false);
    expect(await paymentsOf(t, buyer.user.id)).toHaveLength(1);
  });

  it('refuses a bundle the creator does not offer, with a plain message and no payment', async () => {
    const owner = await bundledCreator({ threeMonthDiscountPercent: 10 });
    const buyer = await fan(t);
    const refused = await subscribe(t, buyer.token, owner.creator.handle, 'twelve_months');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'This creator does not offer the 12 Months plan. Please choose another plan',
    });
    const plain = await creator(t);
    const none = await subscribe(t, buyer.token, plain.creator.handle, 'three_months');
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      message: 'This creator does not offer the 3 Months plan. Please choose another plan',
    });
    expect(await paymentsOf(t, buyer.user.id)).toHaveLength(0);
  });

  it('turning a bundle off leaves its subscribers alone: access, and renewal at the plan and price they chose', async () => {
    const owner = await bundledCreator({ threeMonthDiscountPercent: 15 });
    const buyer = await fan(t);
    const { verified } = await subscribed(t, buyer.token, owner.creator.handle, 'three_months');
    const firstEnd = new Date(verified.subscription?.currentPeriodEnd ?? 0).getTime();

    expect((await setBundles(t, owner, { threeMonthDiscountPercent: null })).statusCode).toBe(200);
    expect((await plansOf(t, owner.creator.handle)).map((plan) => plan.id)).toEqual([
      'monthly',
      'six_months',
    ]);
    const newcomer = await fan(t);
    expect((await subscribe(t, newcomer.token, owner.creator.handle, 'three_months')).statusCode).toBe(400);
    const mine = await ok<FanSubscriptionList>(call(t, 'GET', '/api/me/subscriptions', buyer.token));
    expect(mine.items[0]).toMatchObject({
      plan: 'three_months',
      status: 'active',
      hasAccess: true,
      renews: true,
      amount: { amount: 2547 },
    });

    // The renewal charges the same plan's price for another 90 days.
    t.clock.advance(firstEnd - t.clock.now().getTime() - 30 * 60 * 1000);
    const report = await runJob(t);
    expect(report.renewed).toBeGreaterThanOrEqual(1);
    const payments = await paymentsOf(t, buyer.user.id);
    expect(payments.map((p) => [p.purpose, p.plan, p.status, p.amount])).toEqual([
      ['subscription_start', 'three_months', 'succeeded', 2547],
      ['subscription_renewal', 'three_months', 'succeeded', 2547],
    ]);
    const renewed = payments[1];
    expect(renewed?.periodStart?.getTime()).toBe(firstEnd);
    expect(renewed?.periodEnd?.getTime()).toBe(firstEnd + 90 * DAY);
  });

  it('the creator unsubscribing a 12-month subscriber refunds the unused part pro rata', async () => {
    const owner = await bundledCreator({ twelveMonthDiscountPercent: 33 });
    const buyer = await fan(t);
    const { checkout, verified } = await subscribed(t, buyer.token, owner.creator.handle, 'twelve_months');
    const id = verified.subscription?.id ?? '';
    expect(await accountBalance(t, `creator:${owner.user.id}:earnings`)).toBe(-(8031 - 1606));

    // 90 of 360 days used: 270/360 of $80.31 = $60.2325, rounded down to $60.23.
    t.clock.advance(90 * DAY);
    const token = await signIn(t, owner);
    const answer = await ok<UnsubscribeResponse>(
      call(t, 'POST', `/api/creators/me/subscribers/${id}/unsubscribe`, token),
    );
    expect(answer.refund).toEqual({ amount: 6023, currency: 'USD' });
    await settle(t);
    expect(await providerRefunded(t, checkout.reference)).toBe(6023);
    // The refund takes back fee and earning in the payment's proportion: 1204 of fee, 4819 of earning.
    expect(await accountBalance(t, `creator:${owner.user.id}:earnings`)).toBe(-(8031 - 1606 - 4819));
    const fanToken = await signIn(t, buyer);
    const mine = await ok<FanSubscriptionList>(call(t, 'GET', '/api/me/subscriptions', fanToken));
    expect(mine.items[0]).toMatchObject({ id, status: 'unsubscribed', hasAccess: false });
  });

  it('keeps six months at 20% off with Save 20% next to the bundles', async () => {
    const owner = await bundledCreator(
      { threeMonthDiscountPercent: 50, twelveMonthDiscountPercent: 10 },
      '10.00',
    );
    const buyer = await fan(t);
    const plans = await plansOf(t, owner.creator.handle, buyer.token);
    expect(plans.find((plan) => plan.id === 'six_months')).toMatchObject({
      price: { amount: 4800, currency: 'USD' },
      badge: 'Save 20%',
      months: 6,
    });
    const { verified } = await subscribed(t, buyer.token, owner.creator.handle, 'six_months');
    expect(verified.subscription).toMatchObject({ plan: 'six_months', amount: { amount: 4800 } });
  });
});

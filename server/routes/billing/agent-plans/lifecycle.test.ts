import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { planPrice, planRules } from '../../../../common/plans.ts';
import { post } from '../../../test/accounts.ts';
import {
  agent,
  createPaymentsTestApp,
  current,
  DAY,
  drivers,
  initialize,
  ledgerBalanced,
  ledgerFor,
  type PaymentsTestApp,
  pay,
  paymentsOf,
  runLifecycle,
  settle,
  signIn,
  subscribed,
  subscriptionsOf,
  verified,
} from '../../../test/billing/agent-plans.ts';

describe.each(drivers)('trial, renewal, cancel and plan changes (%s)', (driver) => {
  let t: PaymentsTestApp;
  beforeAll(async () => {
    t = await createPaymentsTestApp(driver);
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(async () => {
    await settle(t);
    await ledgerBalanced(t);
  });

  const pastTrial = () => t.clock.advance(planRules.trialDays * DAY + 60_000);
  const charges = async (userId: string) =>
    (await ledgerFor(t, userId))
      .filter((row) => row.kind === 'charge')
      .map((row) => [row.account, row.amount]);

  it('charges the saved card when the trial ends, once, and starts the paid period where the trial ended', async () => {
    const user = await subscribed(t, { planId: 'professional', billingPeriod: 'yearly' });
    const trialEnd = (await current(t, user.token)).subscription?.trialEnd;
    if (!trialEnd) throw new Error('no trial');
    expect(await runLifecycle(t)).toMatchObject({ charged: 0 });
    pastTrial();
    expect((await runLifecycle(t)).charged).toBeGreaterThanOrEqual(1);
    // The renewal's own webhook arrived too; running again changes nothing.
    await runLifecycle(t);
    const plan = (await current(t, user.token)).subscription;
    expect(plan).toMatchObject({ status: 'active', planId: 'professional', billingPeriod: 'yearly' });
    expect(plan?.currentPeriodStart).toBe(trialEnd);
    expect(new Date(plan?.currentPeriodEnd ?? 0).getTime() - new Date(trialEnd).getTime()).toBe(365 * DAY);
    const price = planPrice('professional', 'yearly').amount;
    expect(await charges(user.user.id)).toEqual([
      ['platform:cash', price],
      ['platform:revenue', -price],
    ]);
    expect((await paymentsOf(t, user.user.id)).map((p) => [p.purpose, p.status])).toEqual([
      ['trial_authorization', 'succeeded'],
      ['renewal', 'succeeded'],
    ]);
  });

  it('moves a failed renewal to past_due, retries after 1 and 3 days, then expires', async () => {
    const user = await subscribed(t, { planId: 'starter', failRenewals: true });
    const periodEnd = new Date((await current(t, user.token)).subscription?.currentPeriodEnd ?? 0);
    pastTrial();
    await runLifecycle(t);
    let plan = (await current(t, user.token)).subscription;
    expect(plan).toMatchObject({
      status: 'past_due',
      nextRetryAt: new Date(periodEnd.getTime() + DAY).toISOString(),
    });
    await runLifecycle(t);
    expect((await paymentsOf(t, user.user.id)).filter((p) => p.purpose === 'renewal')).toHaveLength(1);

    t.clock.advance(DAY);
    await runLifecycle(t);
    plan = (await current(t, user.token)).subscription;
    expect(plan).toMatchObject({
      status: 'past_due',
      nextRetryAt: new Date(periodEnd.getTime() + 3 * DAY).toISOString(),
    });

    t.clock.advance(2 * DAY);
    await runLifecycle(t);
    plan = (await current(t, user.token)).subscription;
    expect(plan).toMatchObject({ status: 'expired', nextRetryAt: null });
    expect(plan?.endedAt).not.toBeNull();
    const renewals = (await paymentsOf(t, user.user.id)).filter((p) => p.purpose === 'renewal');
    expect(renewals.map((p) => p.status)).toEqual(['failed', 'failed', 'failed']);
    expect(await charges(user.user.id)).toEqual([]);
    const [subscription] = await subscriptionsOf(t, user.user.id);
    if (t.fake && subscription)
      expect(t.fake.isAuthorizationActive(subscription.authorizationCode)).toBe(false);

    t.clock.advance(10 * DAY);
    await runLifecycle(t);
    expect((await paymentsOf(t, user.user.id)).filter((p) => p.purpose === 'renewal')).toHaveLength(3);
  });

  it('lets a past_due agent pay again through checkout, which replaces the failing plan', async () => {
    const user = await subscribed(t, { planId: 'starter', failRenewals: true });
    pastTrial();
    await runLifecycle(t);
    expect((await current(t, user.token)).subscription?.status).toBe('past_due');
    const changed = await post(
      t,
      '/api/subscriptions/change-plan',
      { planId: 'enterprise', billingPeriod: 'monthly' },
      { token: user.token },
    );
    expect(changed.statusCode).toBe(409);

    const checkout = await initialize(t, user.token, 'starter', 'monthly');
    expect(checkout.trial).toBe(false);
    await pay(t, checkout);
    expect((await verified(t, user.token, checkout.reference)).subscription).toMatchObject({
      status: 'active',
    });
    await settle(t);
    expect((await subscriptionsOf(t, user.user.id)).map((s) => s.status)).toEqual(['expired', 'active']);
  });

  it('cancels at the end of the period: no charge, then canceled', async () => {
    const user = await subscribed(t, { planId: 'starter' });
    const cancel = await post(t, '/api/subscriptions/cancel', {}, { token: user.token });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().subscription).toMatchObject({ status: 'trialing', cancelAtPeriodEnd: true });
    expect(cancel.json().subscription.canceledAt).not.toBeNull();
    // Cancelling twice is harmless.
    expect((await post(t, '/api/subscriptions/cancel', {}, { token: user.token })).statusCode).toBe(200);

    t.clock.advance(DAY);
    await runLifecycle(t);
    expect((await current(t, user.token)).subscription?.status).toBe('trialing');
    pastTrial();
    await runLifecycle(t);
    expect((await current(t, user.token)).subscription).toMatchObject({
      status: 'canceled',
      cancelAtPeriodEnd: true,
    });
    expect(await charges(user.user.id)).toEqual([]);
    const none = await post(t, '/api/subscriptions/cancel', {}, { token: user.token });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('You have no plan to change');
  });

  it('cancels a paid plan at its period end, after one renewal', async () => {
    const user = await subscribed(t, { planId: 'enterprise' });
    pastTrial();
    await runLifecycle(t);
    expect((await current(t, user.token)).subscription?.status).toBe('active');
    await post(t, '/api/subscriptions/cancel', {}, { token: user.token });
    t.clock.advance(29 * DAY);
    await runLifecycle(t);
    expect((await current(t, user.token)).subscription?.status).toBe('active');
    t.clock.advance(2 * DAY);
    await runLifecycle(t);
    expect((await current(t, user.token)).subscription?.status).toBe('canceled');
    expect((await charges(user.user.id)).length).toBe(2);
  });

  it('changes plan at once during the trial, and at the next renewal on a paid plan', async () => {
    const user = await subscribed(t, { planId: 'starter' });
    const change = (planId: string, billingPeriod: string) =>
      post(t, '/api/subscriptions/change-plan', { planId, billingPeriod }, { token: user.token });

    const during = await change('professional', 'monthly');
    expect(during.statusCode).toBe(200);
    expect(during.json().subscription).toMatchObject({
      status: 'trialing',
      planId: 'professional',
      nextPlan: null,
      amount: planPrice('professional', 'monthly'),
    });
    pastTrial();
    await runLifecycle(t);
    expect(await charges(user.user.id)).toEqual([
      ['platform:cash', 2_500_000],
      ['platform:revenue', -2_500_000],
    ]);

    const later = await change('enterprise', 'yearly');
    expect(later.json().subscription).toMatchObject({
      status: 'active',
      planId: 'professional',
      billingPeriod: 'monthly',
      nextPlan: { planId: 'enterprise', planName: 'Enterprise', billingPeriod: 'yearly' },
      amount: planPrice('enterprise', 'yearly'),
    });
    // Choosing the current plan again drops the pending change.
    expect((await change('professional', 'monthly')).json().subscription.nextPlan).toBeNull();
    await change('enterprise', 'yearly');

    t.clock.advance(30 * DAY);
    await runLifecycle(t);
    const token = await signIn(t, user);
    const plan = (await current(t, token)).subscription;
    expect(plan).toMatchObject({
      status: 'active',
      planId: 'enterprise',
      billingPeriod: 'yearly',
      nextPlan: null,
    });
    expect((await charges(user.user.id)).filter(([account]) => account === 'platform:cash')).toEqual([
      ['platform:cash', 2_500_000],
      ['platform:cash', 40_000_000],
    ]);
  });

  it('gives one trial per account even when two trial checkouts are paid', async () => {
    const user = await agent(t);
    const first = await initialize(t, user.token, 'starter');
    const second = await initialize(t, user.token, 'enterprise');
    expect([first.trial, second.trial]).toEqual([true, true]);
    await pay(t, first);
    await pay(t, second);
    const results = await Promise.all([
      verified(t, user.token, first.reference),
      verified(t, user.token, second.reference),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['refused', 'succeeded']);
    await settle(t);
    expect(await subscriptionsOf(t, user.user.id)).toHaveLength(1);
    const all = await paymentsOf(t, user.user.id);
    expect(all.every((p) => p.refundStatus === 'refunded')).toBe(true);
  });

  it('answers 401 signed out and 404 without a plan', async () => {
    for (const [method, url] of [
      ['GET', '/api/subscriptions/current'],
      ['POST', '/api/subscriptions/cancel'],
      ['POST', '/api/subscriptions/change-plan'],
    ] as const) {
      const payload = method === 'POST' ? { planId: 'starter', billingPeriod: 'monthly' } : undefined;
      const response = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(response.statusCode).toBe(401);
    }
    const user = await agent(t);
    const response = await post(
      t,
      '/api/subscriptions/change-plan',
      { planId: 'starter', billingPeriod: 'monthly' },
      { token: user.token },
    );
    expect(response.statusCode).toBe(404);
  });
});

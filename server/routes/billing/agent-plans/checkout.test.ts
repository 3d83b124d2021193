import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { planPrice, planRules } from '../../../../common/plans.ts';
import { paymentEvents } from '../../../db/schema/index.ts';
import { post, signUp } from '../../../test/accounts.ts';
import {
  accountBalance,
  agent,
  createPaymentsTestApp,
  current,
  db,
  deliver,
  drivers,
  initialize,
  ledgerBalanced,
  ledgerFor,
  type PaymentsTestApp,
  pay,
  paymentsOf,
  settle,
  shuffle,
  subscribed,
  subscriptionsOf,
  tamperAmount,
  verified,
  verify,
  webhookFor,
} from '../../../test/billing/agent-plans.ts';

describe.each(drivers)('checkout and verification (%s)', (driver) => {
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

  it('starts the 14-day trial with a refunded card check, and writes balanced ledger rows', async () => {
    const user = await agent(t);
    expect((await current(t, user.token)).trialEligible).toBe(true);
    const checkout = await initialize(t, user.token, 'professional', 'yearly');
    expect(checkout).toMatchObject({ trial: true, amount: { amount: 5000, currency: 'NGN' } });
    expect(checkout.reference).toMatch(/^fp-[0-9a-f]{24}$/);
    await pay(t, checkout);
    const result = await verified(t, user.token, checkout.reference);
    expect(result).toMatchObject({
      status: 'succeeded',
      message: 'Payment verified successfully',
      subscription: {
        planId: 'professional',
        planName: 'Professional',
        billingPeriod: 'yearly',
        status: 'trialing',
        cancelAtPeriodEnd: false,
        amount: planPrice('professional', 'yearly'),
        card: { brand: 'visa', last4: '4081' },
      },
    });
    const sub = result.subscription;
    if (!sub?.trialEnd) throw new Error('no trial end');
    expect(new Date(sub.trialEnd).getTime() - t.clock.now().getTime()).toBe(
      planRules.trialDays * 24 * 3600 * 1000,
    );
    expect(sub.currentPeriodEnd).toBe(sub.trialEnd);
    await settle(t);

    // The card check came in and went back out: nothing is left held for the user, no revenue.
    const rows = await ledgerFor(t, user.user.id);
    expect(rows.map((row) => [row.kind, row.account, row.amount])).toEqual([
      ['card_check', 'platform:cash', 5000],
      ['card_check', `user:${user.user.id}:payments`, -5000],
      ['refund', 'platform:cash', -5000],
      ['refund', `user:${user.user.id}:payments`, 5000],
    ]);
    expect(await accountBalance(t, `user:${user.user.id}:payments`)).toBe(0);
    const [payment] = await paymentsOf(t, user.user.id);
    expect(payment).toMatchObject({
      status: 'succeeded',
      refundStatus: 'refunded',
      purpose: 'trial_authorization',
    });
    if (t.fake) expect(t.fake.refundedAmount(checkout.reference)).toBe(5000);
    expect(await current(t, user.token)).toMatchObject({
      trialEligible: false,
      subscription: { status: 'trialing' },
    });
  });

  it('activates once when the same webhook arrives 10 times, shuffled with the verify call', async () => {
    const user = await agent(t);
    const checkout = await initialize(t, user.token, 'starter');
    await pay(t, checkout);
    const webhook = await webhookFor(t, checkout.reference);
    const calls = shuffle([
      ...Array.from({ length: 10 }, () => () => deliver(t, webhook)),
      () => verify(t, user.token, checkout.reference),
    ]);
    const responses = await Promise.all(calls.map((call) => call()));
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    await settle(t);

    expect(await subscriptionsOf(t, user.user.id)).toHaveLength(1);
    const kinds = (await ledgerFor(t, user.user.id)).map((row) => row.kind);
    expect(kinds.filter((kind) => kind === 'card_check')).toHaveLength(2);
    expect(kinds.filter((kind) => kind === 'refund')).toHaveLength(2);
    const events = await db(t).select().from(paymentEvents);
    expect(events.filter((event) => event.reference === checkout.reference)).toHaveLength(1);
    expect((await verified(t, user.token, checkout.reference)).status).toBe('succeeded');
  });

  it('activates once under 10 concurrent verify calls', async () => {
    const user = await agent(t);
    const checkout = await initialize(t, user.token, 'enterprise');
    await pay(t, checkout);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => verify(t, user.token, checkout.reference)),
    );
    for (const response of results) {
      expect(response.statusCode).toBe(200);
      expect(response.json().status).toBe('succeeded');
    }
    await settle(t);
    expect(await subscriptionsOf(t, user.user.id)).toHaveLength(1);
    expect((await ledgerFor(t, user.user.id)).filter((row) => row.kind === 'card_check')).toHaveLength(2);
  });

  it('charges the first period at once for an account that already had its trial', async () => {
    const user = await subscribed(t, { planId: 'starter' });
    expect((await post(t, '/api/subscriptions/cancel', {}, { token: user.token })).statusCode).toBe(200);
    // The trial ends without a charge: the plan is cancelled at its end.
    t.clock.advance((planRules.trialDays + 1) * 24 * 3600 * 1000);
    await t.app.services.payments.lifecycle.runDue();
    await settle(t);
    expect(await current(t, user.token)).toMatchObject({
      trialEligible: false,
      subscription: { status: 'canceled' },
    });

    const checkout = await initialize(t, user.token, 'professional', 'monthly');
    expect(checkout).toMatchObject({ trial: false, amount: planPrice('professional', 'monthly') });
    await pay(t, checkout);
    const result = await verified(t, user.token, checkout.reference);
    expect(result.subscription).toMatchObject({ status: 'active', planId: 'professional', trialEnd: null });
    await settle(t);
    const charges = (await ledgerFor(t, user.user.id)).filter((row) => row.kind === 'charge');
    expect(charges.map((row) => [row.account, row.amount])).toEqual([
      ['platform:cash', 2_500_000],
      ['platform:revenue', -2_500_000],
    ]);
  });

  it('refuses activation when the provider reports a different amount, records it and refunds', async () => {
    const user = await subscribed(t, { planId: 'starter' });
    await post(t, '/api/subscriptions/cancel', {}, { token: user.token });
    t.clock.advance((planRules.trialDays + 1) * 24 * 3600 * 1000);
    await t.app.services.payments.lifecycle.runDue();

    const checkout = await initialize(t, user.token, 'enterprise', 'yearly');
    await tamperAmount(t, checkout.reference, 100);
    await pay(t, checkout);
    const result = await verified(t, user.token, checkout.reference);
    expect(result.status).toBe('refused');
    expect(result.subscription?.status).toBe('canceled');
    await settle(t);
    const refused = (await paymentsOf(t, user.user.id)).at(-1);
    expect(refused).toMatchObject({ status: 'refused', refundStatus: 'refunded' });
    expect(refused?.failureReason).toContain(
      'amount mismatch: asked 40000000 NGN, provider reported 100 NGN',
    );
    const rows = (await ledgerFor(t, user.user.id)).filter((row) => row.kind === 'refused_charge');
    expect(rows.map((row) => row.amount).sort()).toEqual([-100, 100]);
    expect(await accountBalance(t, `user:${user.user.id}:payments`)).toBe(0);
    // A webhook for it later changes nothing either.
    expect((await deliver(t, await webhookFor(t, checkout.reference))).statusCode).toBe(200);
    expect((await current(t, user.token)).subscription?.status).toBe('canceled');
  });

  it('reports a declined card as failed and gives nothing', async () => {
    const user = await agent(t);
    const checkout = await initialize(t, user.token);
    await pay(t, checkout, { action: 'decline' });
    const result = await verified(t, user.token, checkout.reference);
    expect(result).toMatchObject({ status: 'failed', subscription: null });
    expect(await current(t, user.token)).toEqual({ subscription: null, trialEligible: true });
    expect(await ledgerFor(t, user.user.id)).toEqual([]);
  });

  it('keeps a checkout cancelled on the sandbox page pending, with no plan', async () => {
    if (driver !== 'sandbox') return;
    const user = await agent(t);
    const checkout = await initialize(t, user.token);
    await pay(t, checkout, { action: 'cancel' });
    expect(await verified(t, user.token, checkout.reference)).toMatchObject({
      status: 'abandoned',
      subscription: null,
    });
  });

  it('refuses a second checkout while a plan is live (409), and a stranger verifying a reference (404)', async () => {
    const user = await subscribed(t);
    const again = await post(
      t,
      '/api/subscriptions/initialize-payment',
      { planId: 'starter' },
      { token: user.token },
    );
    expect(again.statusCode).toBe(409);
    const stranger = await agent(t);
    const response = await verify(t, stranger.token, user.checkout.reference);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Payment not found' });
  });

  it('answers 401 signed out and 403 before the email is verified', async () => {
    for (const url of ['/api/subscriptions/initialize-payment', '/api/subscriptions/verify-payment']) {
      const response = await post(t, url, { planId: 'starter', reference: 'x' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthorized', code: 'UNAUTHORIZED' });
    }
    const { email } = await signUp(t);
    const signin = await post(t, '/api/auth/signin', { email, password: 'correct horse battery staple' });
    const token = signin.json().token as string;
    const response = await post(t, '/api/subscriptions/initialize-payment', { planId: 'starter' }, { token });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('EMAIL_NOT_VERIFIED');
  });

  it('validates the plan and billing period with readable messages', async () => {
    const user = await agent(t);
    const bad = await post(
      t,
      '/api/subscriptions/initialize-payment',
      { planId: 'gold' },
      { token: user.token },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      message: 'Please choose a plan',
      fields: { planId: 'Please choose a plan' },
    });
    const period = await post(
      t,
      '/api/subscriptions/initialize-payment',
      { planId: 'starter', billingPeriod: 'weekly' },
      { token: user.token },
    );
    expect(period.json().message).toBe('Please choose monthly or yearly billing');
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  SANDBOX_SIGNATURE_HEADER,
  sandboxWebhookSecret,
} from '../../../adapters/payments/sandbox/sandbox-provider.ts';
import { signBody } from '../../../adapters/payments/signature.ts';
import { paymentEvents } from '../../../db/schema/index.ts';
import { SUBSCRIPTION_LIFECYCLE } from '../../../jobs/subscription-lifecycle.ts';
import {
  agent,
  createPaymentsTestApp,
  current,
  DAY,
  db,
  deliver,
  drivers,
  earlyChargeSuccess,
  initialize,
  ledgerBalanced,
  type PaymentsTestApp,
  pay,
  paymentsOf,
  settle,
  subscribed,
  subscriptionsOf,
  webhookFor,
} from '../../../test/billing/agent-plans.ts';

describe.each(drivers)('payment webhooks (%s)', (driver) => {
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

  const events = () => db(t).select().from(paymentEvents);
  const secret = () =>
    driver === 'sandbox' ? sandboxWebhookSecret(t.config.appSecret) : (t.fake?.secretKey ?? '');
  const header = driver === 'sandbox' ? SANDBOX_SIGNATURE_HEADER : 'x-paystack-signature';
  const signed = (body: object) => {
    const rawBody = JSON.stringify(body);
    return {
      rawBody,
      headers: { 'content-type': 'application/json', [header]: signBody(secret(), rawBody) },
    };
  };

  it('activates a plan from the webhook alone, as the provider sends it after checkout', async () => {
    const user = await agent(t);
    const checkout = await initialize(t, user.token);
    await pay(t, checkout);
    await settle(t);
    expect((await current(t, user.token)).subscription?.status).toBe('trialing');
    const stored = (await events()).filter((event) => event.reference === checkout.reference);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ type: 'charge.success', outcome: 'trial started', provider: driver });
  });

  it('does not use up a charge.success the provider has not confirmed: its later delivery settles the payment', async () => {
    const user = await agent(t);
    const checkout = await initialize(t, user.token);
    const early = await earlyChargeSuccess(t, checkout.reference);
    expect(early.rawBody).toContain('"status":"pending"');
    const answer = await deliver(t, early);
    // Not a 2xx: the provider keeps the event and sends it again.
    expect(answer.statusCode, answer.body).toBe(409);
    expect((await events()).filter((event) => event.reference === checkout.reference)).toEqual([]);
    expect((await paymentsOf(t, user.user.id))[0]?.status).toBe('pending');
    // The buyer pays; the provider sends the same event (same key), now with the success in it.
    await pay(t, checkout);
    await settle(t);
    expect((await paymentsOf(t, user.user.id))[0]?.status).toBe('succeeded');
    expect((await current(t, user.token)).subscription?.status).toBe('trialing');
    const stored = (await events()).filter((event) => event.reference === checkout.reference);
    expect(stored.map((event) => event.outcome)).toEqual(['trial started']);
  });

  it('refuses a bad signature with 401 and stores nothing', async () => {
    const user = await agent(t);
    const checkout = await initialize(t, user.token);
    if (t.fake) t.fake.onWebhook(async () => {});
    try {
      await pay(t, checkout);
      // The sandbox sends its genuine webhook on Pay: let it land before counting.
      await settle(t);
      const before = (await events()).length;
      const webhook = await webhookFor(t, checkout.reference);
      const forged = [
        { ...webhook.headers, [header]: 'a'.repeat(128) },
        { 'content-type': 'application/json' },
        { ...webhook.headers, [header]: signBody('wrong-secret', webhook.rawBody) },
      ];
      for (const headers of forged) {
        const response = await deliver(t, { rawBody: webhook.rawBody, headers });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ message: 'Invalid signature', code: 'UNAUTHORIZED' });
      }
      // A body changed after signing fails too: the check is on the raw bytes.
      const tampered = webhook.rawBody.replace('"status":"success"', '"status": "success"');
      expect((await deliver(t, { rawBody: tampered, headers: webhook.headers })).statusCode).toBe(401);
      expect((await events()).length - before).toBe(0);
      if (t.fake) {
        expect(await subscriptionsOf(t, user.user.id)).toEqual([]);
        expect((await paymentsOf(t, user.user.id))[0]?.status).toBe('pending');
      }
    } finally {
      if (t.fake) t.fake.onWebhook((webhook) => deliver(t, webhook));
    }
  });

  it('stores events it does not act on, once each', async () => {
    const body = { event: 'subscription.not_renew', data: { id: 991, subscription_code: 'SUB_x' } };
    for (let i = 0; i < 3; i += 1) expect((await deliver(t, signed(body))).statusCode).toBe(200);
    const unknown = {
      event: 'charge.success',
      data: { id: 77, reference: 'fp-unknown', amount: 1, currency: 'NGN', status: 'success' },
    };
    expect((await deliver(t, signed(unknown))).statusCode).toBe(200);
    const stored = await events();
    expect(stored.filter((event) => event.type === 'subscription.not_renew')).toHaveLength(1);
    expect(stored.find((event) => event.reference === 'fp-unknown')?.outcome).toBe('unknown reference');
  });

  it('answers 404 for the provider that is not configured, and 401 for a signed body that is not an event', async () => {
    const other = driver === 'sandbox' ? 'paystack' : 'sandbox';
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/payments/webhook/${other}`,
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(404);
    const garbage = signed({});
    const notJson = await deliver(t, {
      rawBody: 'not json',
      headers: { ...garbage.headers, [header]: signBody(secret(), 'not json') },
    });
    expect(notJson.statusCode).toBe(401);
  });
});

describe('sandbox checkout page', () => {
  let t: PaymentsTestApp;
  beforeAll(async () => {
    t = await createPaymentsTestApp('sandbox', { runJobs: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is plain HTML in test mode with the amount, plan and merchant, no script, under the strict CSP', async () => {
    const user = await agent(t);
    const checkout = await initialize(t, user.token, 'professional', 'yearly');
    const page = await t.app.inject({
      method: 'GET',
      url: new URL(checkout.authorization_url, 'http://app.test').pathname,
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain('TEST MODE');
    expect(page.body).toContain('Pay Fanplace');
    expect(page.body).toContain('Professional plan (yearly)');
    expect(page.body).toMatch(/Pay ₦50\.00/);
    expect(page.body).toContain('name="failRenewals"');
    expect(page.body).not.toContain('<script');
    for (const action of ['pay', 'decline', 'cancel'])
      expect(page.body).toContain(`${checkout.reference}/${action}`);
    const missing = await t.app.inject({ method: 'GET', url: '/api/payments/sandbox/checkout/fp-nope' });
    expect(missing.statusCode).toBe(404);
    const back = await t.app.inject({ method: 'POST', url: '/api/payments/sandbox/checkout/fp-nope/pay' });
    expect(back.statusCode).toBe(404);
  });

  it('runs the lifecycle as a pg-boss job: the trial end is charged', async () => {
    const user = await subscribed(t, { planId: 'starter' });
    t.clock.advance(15 * DAY);
    const queue = t.app.services.queue;
    const id = await queue.send(SUBSCRIPTION_LIFECYCLE, {});
    if (!id) throw new Error('job not queued');
    expect(await queue.waitFor(SUBSCRIPTION_LIFECYCLE, id)).toBe('completed');
    await settle(t);
    expect((await current(t, user.token)).subscription).toMatchObject({
      status: 'active',
      planId: 'starter',
    });
    await ledgerBalanced(t);
  });
});

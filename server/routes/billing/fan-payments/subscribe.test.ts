import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList } from '../../../../common/events.ts';
import type {
  CancelSubscriptionResponse,
  CheckoutResponse,
  CreatorSubscriptionState,
  FanSubscriptionList,
} from '../../../../common/schemas/fan-payments.ts';
import type { PostView } from '../../../../common/schemas/posts.ts';
import {
  accountBalance,
  call,
  createFanPaymentTestApp,
  creator,
  DAY,
  deliverWebhook,
  drivers,
  type FanPaymentTestApp,
  fan,
  ledgerBalanced,
  ok,
  pay,
  paymentsOf,
  runJob,
  settle,
  signIn,
  subscribe,
  subscribed,
  subscriberPost,
  verify,
  webhookOf,
} from '../../../test/billing/fan-payments.ts';
import { buildCreator } from '../../../test/creators.ts';

const post = (t: FanPaymentTestApp, id: string, token?: string) =>
  ok<PostView>(call(t, 'GET', `/api/posts/${id}`, token));

describe.each(drivers)('subscribing to a creator (%s)', (driver) => {
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

  it('opens the plans, charges the monthly price, gives access once verified and splits the ledger 80/20', async () => {
    const owner = await creator(t, '10.00');
    const handle = owner.creator.handle;
    const locked = await subscriberPost(t, owner.token);
    const buyer = await fan(t, { firstName: 'Grace', lastName: 'Hopper' });

    const state = await ok<CreatorSubscriptionState>(
      call(t, 'GET', `/api/creators/${handle}/subscription`, buyer.token),
    );
    expect(state).toMatchObject({
      canSubscribe: true,
      subscription: null,
      plans: [
        { id: 'monthly', price: { amount: 1000, currency: 'USD' }, badge: null },
        { id: 'six_months', price: { amount: 4800, currency: 'USD' }, badge: 'Save 20%', months: 6 },
      ],
    });
    expect((await post(t, locked.id, buyer.token)).locked).toBe(true);

    const checkout = await ok<CheckoutResponse>(subscribe(t, buyer.token, handle, 'monthly'));
    expect(checkout.amount).toEqual({ amount: 1000, currency: 'USD' });
    expect(checkout.reference).toMatch(/^fpm-[0-9a-f]{24}$/);
    // Returning to the page proves nothing: no access until the provider says it is paid.
    expect((await post(t, locked.id, buyer.token)).locked).toBe(true);
    await pay(t, checkout, { expectReturnTo: `/public-profile/${handle}` });
    const verified = await verify(t, buyer.token, checkout.reference);
    expect(verified).toMatchObject({
      status: 'succeeded',
      message: 'Payment verified successfully',
      purpose: 'creator_subscription',
      creatorHandle: handle,
      subscription: {
        plan: 'monthly',
        planName: 'Monthly',
        status: 'active',
        hasAccess: true,
        renews: true,
        amount: { amount: 1000, currency: 'USD' },
        creator: { handle },
      },
    });
    const sub = verified.subscription;
    expect(
      new Date(sub?.currentPeriodEnd ?? 0).getTime() - new Date(sub?.currentPeriodStart ?? 0).getTime(),
    ).toBe(30 * DAY);
    const unlockedPost = await post(t, locked.id, buyer.token);
    expect(unlockedPost.locked).toBe(false);
    expect(unlockedPost.youtubeId).toBe('dQw4w9WgXcQ');
    await settle(t);

    // The ledger: cash in, 20% platform fee, 80% owed to the creator.
    expect(await accountBalance(t, `creator:${owner.user.id}:earnings`)).toBe(-800);
    const [payment] = await paymentsOf(t, buyer.user.id);
    expect(payment).toMatchObject({ status: 'succeeded', amount: 1000, feeAmount: 200 });

    // The creator hears of it by email and live notification; the fan gets a receipt.
    await t.smtp.waitFor((mail) => mail.to.includes(owner.email) && mail.subject.includes('new subscriber'));
    const receipt = await t.smtp.waitFor(
      (mail) => mail.to.includes(buyer.email) && mail.subject.includes('receipt'),
    );
    expect(receipt.text).toContain('$10.00');
    expect(receipt.text).toContain(checkout.reference);
    const notifications = await ok<NotificationList>(call(t, 'GET', '/api/notifications', owner.token));
    expect(notifications.items[0]).toMatchObject({
      kind: 'subscribe',
      text: 'Grace Hopper subscribed to you',
    });

    const after = await ok<CreatorSubscriptionState>(
      call(t, 'GET', `/api/creators/${handle}/subscription`, buyer.token),
    );
    expect(after).toMatchObject({
      canSubscribe: false,
      reason: 'You are already subscribed to this creator',
      subscription: { status: 'active' },
    });
    const again = await subscribe(t, buyer.token, handle);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: 'You are already subscribed to this creator',
      code: 'CONFLICT',
    });
  });

  it('charges six months at once with 20% off and gives 180 days', async () => {
    const owner = await creator(t, '10.00');
    const buyer = await fan(t);
    const { verified } = await subscribed(t, buyer.token, owner.creator.handle, 'six_months');
    expect(verified.subscription).toMatchObject({
      plan: 'six_months',
      planName: '6 Months',
      amount: { amount: 4800 },
    });
    const sub = verified.subscription;
    expect(new Date(sub?.currentPeriodEnd ?? 0).getTime() - t.clock.now().getTime()).toBe(180 * DAY);
    expect(await accountBalance(t, `creator:${owner.user.id}:earnings`)).toBe(-3840);
  });

  it('gives value once whatever order and however often the webhook and verify arrive', async () => {
    const owner = await creator(t);
    const buyer = await fan(t);
    const checkout = await ok<CheckoutResponse>(subscribe(t, buyer.token, owner.creator.handle));
    await pay(t, checkout);
    const webhook = await webhookOf(t, checkout.reference);
    const results = await Promise.all([
      ...Array.from({ length: 10 }, () => deliverWebhook(t, webhook)),
      verify(t, buyer.token, checkout.reference),
      verify(t, buyer.token, checkout.reference),
    ]);
    for (const result of results.slice(0, 10))
      expect((result as { statusCode: number }).statusCode).toBe(200);
    await settle(t);
    const payments = await paymentsOf(t, buyer.user.id);
    expect(payments).toHaveLength(1);
    expect(payments[0]?.status).toBe('succeeded');
    expect(await accountBalance(t, `creator:${owner.user.id}:earnings`)).toBe(-800);
    expect(await accountBalance(t, 'platform:fees')).toBeLessThan(0);
  });

  it('answers repeated Subscribe clicks with the same checkout, and a declined card gives nothing', async () => {
    const owner = await creator(t);
    const buyer = await fan(t);
    const [first, second] = await Promise.all([
      ok<CheckoutResponse>(subscribe(t, buyer.token, owner.creator.handle)),
      ok<CheckoutResponse>(subscribe(t, buyer.token, owner.creator.handle)),
    ]);
    expect(second.reference).toBe(first.reference);
    await pay(t, first, { action: 'decline' });
    const result = await verify(t, buyer.token, first.reference);
    expect(result).toMatchObject({
      status: 'failed',
      message: 'Your card was declined, so no payment was taken. Please try again or use another card.',
      subscription: null,
    });
    expect(await accountBalance(t, `creator:${owner.user.id}:earnings`)).toBe(0);
    // A new attempt gets a new checkout.
    const retry = await ok<CheckoutResponse>(subscribe(t, buyer.token, owner.creator.handle));
    expect(retry.reference).not.toBe(first.reference);
  });

  it('refuses subscribing to yourself, across a block either way, and to a creator in review', async () => {
    const owner = await creator(t);
    const self = await subscribe(t, owner.token, owner.creator.handle);
    expect(self.statusCode).toBe(403);
    expect(self.json()).toMatchObject({ message: 'You cannot subscribe to yourself' });

    const blockedByCreator = await fan(t);
    await ok(call(t, 'POST', '/api/me/blocks', owner.token, { userId: blockedByCreator.user.id }));
    const refused = await subscribe(t, blockedByCreator.token, owner.creator.handle);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: 'You cannot subscribe to this creator' });

    const blocker = await fan(t);
    await ok(call(t, 'POST', '/api/me/blocks', blocker.token, { userId: owner.user.id }));
    expect((await subscribe(t, blocker.token, owner.creator.handle)).statusCode).toBe(403);

    const pending = await buildCreator(t);
    const early = await subscribe(t, blocker.token, pending.creator.handle);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ message: 'This creator is not accepting subscriptions yet' });
    expect((await subscribe(t, blocker.token, 'nobody_here_xyz')).statusCode).toBe(404);
    expect(
      (
        await call(t, 'POST', `/api/creators/${owner.creator.handle}/subscribe`, undefined, {
          plan: 'monthly',
        })
      ).statusCode,
    ).toBe(401);
    const badPlan = await call(t, 'POST', `/api/creators/${owner.creator.handle}/subscribe`, blocker.token, {
      plan: 'weekly',
    });
    expect(badPlan.statusCode).toBe(400);
    expect(badPlan.json().message).toBe('Please choose a plan');
  });

  it('lets the fan cancel: access lasts to the period end, then ends on time and the job expires it', async () => {
    const owner = await creator(t);
    const locked = await subscriberPost(t, owner.token);
    const buyer = await fan(t);
    const { verified } = await subscribed(t, buyer.token, owner.creator.handle);
    const id = verified.subscription?.id ?? '';

    const canceled = await ok<CancelSubscriptionResponse>(
      call(t, 'POST', `/api/me/subscriptions/${id}/cancel`, buyer.token),
    );
    expect(canceled).toMatchObject({
      message: 'Subscription cancelled. You keep access until the end of the period.',
      subscription: { status: 'canceled', hasAccess: true, renews: false },
    });
    const twice = await call(t, 'POST', `/api/me/subscriptions/${id}/cancel`, buyer.token);
    expect(twice.statusCode).toBe(409);
    const stranger = await fan(t);
    expect((await call(t, 'POST', `/api/me/subscriptions/${id}/cancel`, stranger.token)).statusCode).toBe(
      404,
    );

    t.clock.advance(29 * DAY);
    expect((await post(t, locked.id, buyer.token)).locked).toBe(false);
    await runJob(t);
    expect(await paymentsOf(t, buyer.user.id)).toHaveLength(1); // cancelled: never renewed
    t.clock.advance(DAY + 1000);
    // Access ends by the clock, before any job runs.
    expect((await post(t, locked.id, buyer.token)).locked).toBe(true);
    const report = await runJob(t);
    expect(report.ended).toBeGreaterThanOrEqual(1);
    const mine = await ok<FanSubscriptionList>(call(t, 'GET', '/api/me/subscriptions', buyer.token));
    expect(mine.items[0]).toMatchObject({ id, status: 'expired', hasAccess: false });
    // An ended subscription can be started again.
    const renewed = await subscribed(t, buyer.token, owner.creator.handle);
    expect(renewed.verified.subscription).toMatchObject({ id, status: 'active', hasAccess: true });
  });

  it('subscribing again after cancelling, while still paid up, adds a period after the current one', async () => {
    const owner = await creator(t);
    const buyer = await fan(t);
    const { verified } = await subscribed(t, buyer.token, owner.creator.handle);
    const first = verified.subscription;
    await ok(call(t, 'POST', `/api/me/subscriptions/${first?.id}/cancel`, buyer.token));
    t.clock.advance(10 * DAY);
    const token = await signIn(t, buyer);
    const state = await ok<CreatorSubscriptionState>(
      call(t, 'GET', `/api/creators/${owner.creator.handle}/subscription`, token),
    );
    expect(state).toMatchObject({
      canSubscribe: true,
      subscription: { status: 'canceled', hasAccess: true },
    });
    const again = await subscribed(t, token, owner.creator.handle);
    expect(again.verified.subscription).toMatchObject({
      id: first?.id,
      status: 'active',
      renews: true,
      startedAt: first?.startedAt,
      currentPeriodEnd: new Date(new Date(first?.currentPeriodEnd ?? 0).getTime() + 30 * DAY).toISOString(),
    });
    const payments = await paymentsOf(t, buyer.user.id);
    expect(payments[1]?.periodStart?.toISOString()).toBe(first?.currentPeriodEnd);
    // Still one subscriber: the creator is told once.
    await t.smtp.waitFor(
      (mail) =>
        mail.to.includes(buyer.email) &&
        mail.subject.includes('receipt') &&
        mail.text.includes(again.checkout.reference),
    );
    expect(
      t.smtp.messages.filter(
        (mail) => mail.to.includes(owner.email) && mail.subject.includes('new subscriber'),
      ),
    ).toHaveLength(1);
  });

  it('renews through the provider before the period ends, with no gap in access', async () => {
    const owner = await creator(t);
    const locked = await subscriberPost(t, owner.token);
    const buyer = await fan(t);
    const { verified } = await subscribed(t, buyer.token, owner.creator.handle);
    const firstEnd = new Date(verified.subscription?.currentPeriodEnd ?? 0);

    t.clock.advance(30 * DAY - 30 * 60 * 1000);
    const report = await runJob(t);
    // Other tests' subscriptions renew too (one database per file); this fan's is among them.
    expect(report.renewed).toBeGreaterThanOrEqual(1);
    expect(await runJob(t)).toMatchObject({ renewed: 0 });
    const payments = await paymentsOf(t, buyer.user.id);
    expect(payments.map((p) => [p.purpose, p.status])).toEqual([
      ['subscription_start', 'succeeded'],
      ['subscription_renewal', 'succeeded'],
    ]);
    t.clock.advance(60 * 60 * 1000);
    const token = await signIn(t, buyer);
    expect((await post(t, locked.id, token)).locked).toBe(false);
    const mine = await ok<FanSubscriptionList>(call(t, 'GET', '/api/me/subscriptions', token));
    expect(new Date(mine.items[0]?.currentPeriodStart ?? 0).getTime()).toBe(firstEnd.getTime());
    expect(new Date(mine.items[0]?.currentPeriodEnd ?? 0).getTime()).toBe(firstEnd.getTime() + 30 * DAY);
    expect(await accountBalance(t, `creator:${owner.user.id}:earnings`)).toBe(-1600);
    await t.smtp.waitFor((mail) => mail.to.includes(buyer.email) && mail.text.includes('was renewed'));
  });

  it('retries a failed renewal after 1 and 3 days, then expires; access stops at the period end', async () => {
    const owner = await creator(t);
    const locked = await subscriberPost(t, owner.token);
    const buyer = await fan(t);
    await subscribed(t, buyer.token, owner.creator.handle, 'monthly', { failRenewals: true });

    t.clock.advance(30 * DAY - 30 * 60 * 1000);
    await runJob(t);
    const token = await signIn(t, buyer);
    let mine = await ok<FanSubscriptionList>(call(t, 'GET', '/api/me/subscriptions', token));
    expect(mine.items[0]).toMatchObject({ status: 'past_due', hasAccess: true });
    // The fan is told, in the bell (and by push), when the next try is.
    const bell = async () =>
      (await ok<NotificationList>(call(t, 'GET', '/api/notifications', token))).items
        .filter((item) => item.kind === 'renewal_failed')
        .map((item) => item.text);
    const name = owner.creator.displayName;
    const retryDay = new Date(
      new Date(mine.items[0]?.currentPeriodEnd ?? '').getTime() + DAY,
    ).toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });
    expect(await bell()).toEqual([
      `Your subscription to ${name} could not renew: the payment did not go through. We will try again on ${retryDay}.`,
    ]);
    expect((await post(t, locked.id, token)).locked).toBe(false);
    t.clock.advance(60 * 60 * 1000);
    expect((await post(t, locked.id, token)).locked).toBe(true);
    t.clock.advance(DAY);
    await runJob(t);
    t.clock.advance(2 * DAY);
    await runJob(t);
    mine = await ok<FanSubscriptionList>(call(t, 'GET', '/api/me/subscriptions', token));
    expect(mine.items[0]).toMatchObject({ status: 'expired', hasAccess: false });
    expect((await bell())[0]).toBe(
      `Your subscription to ${name} has ended: its renewal could not be charged.`,
    );
    expect(await bell()).toHaveLength(3);
    const payments = await paymentsOf(t, buyer.user.id);
    expect(payments.map((p) => p.status)).toEqual(['succeeded', 'failed', 'failed', 'failed']);
    expect(await accountBalance(t, `creator:${owner.user.id}:earnings`)).toBe(-800);
  });
});

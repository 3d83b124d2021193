import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutResponse } from '../../../../common/schemas/fan-payments.ts';
import type { CreatorOffer, CreatorOfferList, PublicOffer } from '../../../../common/schemas/offers.ts';
import type { PostView } from '../../../../common/schemas/posts.ts';
import { sandboxTransactions } from '../../../db/schema/index.ts';
import { formatMinor } from '../../../presenters/billing/sandbox-checkout-page.ts';
import {
  accountBalance,
  call,
  createFanPaymentTestApp,
  creator,
  db,
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
} from '../../../test/billing/fan-payments.ts';
import { DAY } from '../../../test/billing/index.ts';

const makeOffer = (t: FanPaymentTestApp, token: string, body: object) =>
  call(t, 'POST', '/api/creators/me/offers', token, body);

const claim = (
  t: FanPaymentTestApp,
  token: string | undefined,
  handle: string,
  code: string,
  renew = false,
) => call(t, 'POST', `/api/creators/${handle}/offers/${code}/claim`, token, { renew });

/** What the provider was asked to take for this checkout: the sandbox's own page and row, or the fake Paystack's transaction. */
async function providerAmount(t: FanPaymentTestApp, checkout: CheckoutResponse): Promise<number> {
  if (t.fake)
    return (JSON.parse(t.fake.webhookFor(checkout.reference).rawBody) as { data: { amount: number } }).data
      .amount;
  const [row] = await db(t)
    .select({ amount: sandboxTransactions.amount })
    .from(sandboxTransactions)
    .where(eq(sandboxTransactions.reference, checkout.reference));
  if (!row) throw new Error(`no sandbox transaction ${checkout.reference}`);
  const page = await t.app.inject({
    method: 'GET',
    url: new URL(checkout.authorization_url, 'http://app.test').pathname,
  });
  expect(page.body).toContain(formatMinor(row.amount, 'USD'));
  return row.amount;
}

async function locked(t: FanPaymentTestApp, token: string, postId: string): Promise<boolean> {
  return (await ok<PostView>(call(t, 'GET', `/api/posts/${postId}`, token))).locked;
}

describe.each(drivers)('free trials and promotions (%s)', (driver) => {
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

  it('a trial link subscribes a fan at no charge for its days, once; without a saved card it ends with the trial', async () => {
    const owner = await creator(t, '10.00');
    const handle = owner.creator.handle;
    const post = await subscriberPost(t, owner.token);
    const offer = await ok<CreatorOffer>(
      makeOffer(t, owner.token, { kind: 'trial', trialDays: 7, maxClaims: 2 }),
      201,
    );
    expect(offer).toMatchObject({ kind: 'trial', trialDays: 7, maxClaims: 2, claims: 0, active: true });

    // Signed out, the link says what it gives.
    const seen = await ok<PublicOffer>(call(t, 'GET', `/api/creators/${handle}/offers/${offer.code}`));
    expect(seen).toMatchObject({ kind: 'trial', trialDays: 7, available: true, claimsLeft: 2 });
    expect((await call(t, 'GET', `/api/creators/${handle}/offers/nope`)).statusCode).toBe(404);

    const ada = await fan(t);
    expect(await locked(t, ada.token, post.id)).toBe(true);
    const started = await ok<{ message: string; renews: boolean }>(
      claim(t, ada.token, handle, offer.code, true),
    );
    // She asked to renew but has no saved card: the trial will simply end.
    expect(started).toMatchObject({ message: 'Your free trial has started: 7 days', renews: false });
    expect(await locked(t, ada.token, post.id)).toBe(false);
    expect(await paymentsOf(t, ada.user.id)).toEqual([]);
    expect(await accountBalance(t, `creator:${owner.user.id}:earnings`)).toBe(0);

    const again = await claim(t, ada.token, handle, offer.code);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You already claimed this offer');
    const asOwner = await claim(t, owner.token, handle, offer.code);
    expect(asOwner.statusCode).toBe(409);

    // The last claim, then no more.
    await ok(claim(t, (await fan(t)).token, handle, offer.code));
    const late = await claim(t, (await fan(t)).token, handle, offer.code);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This offer has been claimed by as many fans as it allowed');

    // The trial's days pass: access ends, nothing was charged.
    t.clock.advance(7 * DAY + 60_000);
    await runJob(t);
    expect(await locked(t, ada.token, post.id)).toBe(true);
    expect(await paymentsOf(t, ada.user.id)).toEqual([]);
    const mine = await ok<CreatorOfferList>(call(t, 'GET', '/api/creators/me/offers', owner.token));
    expect(mine.items[0]).toMatchObject({ claims: 2, conversions: 0, active: false });
  });

  it('a trial renews at the monthly price when the fan chose to and has a saved card: a conversion', async () => {
    const owner = await creator(t, '8.00');
    const other = await creator(t, '5.00');
    const offer = await ok<CreatorOffer>(makeOffer(t, owner.token, { kind: 'trial', trialDays: 3 }), 201);
    const bea = await fan(t);
    // Bea saved a card with the provider when she subscribed to another creator.
    await subscribed(t, bea.token, other.creator.handle);
    const seen = await ok<PublicOffer>(
      call(t, 'GET', `/api/creators/${owner.creator.handle}/offers/${offer.code}`, bea.token),
    );
    expect(seen.hasSavedCard).toBe(true);
    const started = await ok<{ renews: boolean }>(
      claim(t, bea.token, owner.creator.handle, offer.code, true),
    );
    expect(started.renews).toBe(true);

    t.clock.advance(3 * DAY + 60_000);
    await runJob(t);
    await settle(t);
    const renewals = (await paymentsOf(t, bea.user.id)).filter((p) => p.creatorUserId === owner.user.id);
    expect(renewals).toHaveLength(1);
    expect(renewals[0]).toMatchObject({ purpose: 'subscription_renewal', amount: 800, status: 'succeeded' });
    const mine = await ok<CreatorOfferList>(call(t, 'GET', '/api/creators/me/offers', owner.token));
    expect(mine.items[0]).toMatchObject({ claims: 1, conversions: 1 });
  });

  it('Subscribe with a trial link starts the trial at no charge; a used or ended trial is refused with its reason, then the usual price applies', async () => {
    const owner = await creator(t, '6.00');
    const other = await creator(t, '5.00');
    const handle = owner.creator.handle;
    const post = await subscriberPost(t, owner.token);
    const offer = await ok<CreatorOffer>(makeOffer(t, owner.token, { kind: 'trial', trialDays: 5 }), 201);
    const withTrial = (token: string, body: object = {}) =>
      call(t, 'POST', `/api/creators/${handle}/subscribe`, token, {
        plan: 'monthly',
        offer: offer.code,
        ...body,
      });

    // Subscribe Now with the link's code: the trial, no checkout and no payment.
    const gus = await fan(t);
    const started = await ok<{ message: string; renews: boolean; state: { subscription: unknown } }>(
      withTrial(gus.token, { renew: true }),
    );
    expect(started).toMatchObject({ message: 'Your free trial has started: 5 days', renews: false });
    expect(started).not.toHaveProperty('authorization_url');
    expect(started.state.subscription).toMatchObject({ hasAccess: true });
    expect(await locked(t, gus.token, post.id)).toBe(false);
    expect(await paymentsOf(t, gus.user.id)).toEqual([]);

    // With a saved card and renew, it goes on after the trial, as from the trial card.
    const hal = await fan(t);
    await subscribed(t, hal.token, other.creator.handle);
    expect(await ok<{ renews: boolean }>(withTrial(hal.token, { renew: true }))).toMatchObject({
      renews: true,
    });
    expect((await paymentsOf(t, hal.user.id)).filter((p) => p.creatorUserId === owner.user.id)).toEqual([]);

    // The trial is for the monthly plan: another plan with its code is refused, not charged.
    const ivy = await fan(t);
    const sixMonths = await withTrial(ivy.token, { plan: 'six_months' });
    expect(sixMonths.statusCode).toBe(400);
    expect(sixMonths.json().message).toBe('The free trial is for the monthly plan');
    expect(await paymentsOf(t, ivy.user.id)).toEqual([]);

    // Once the trial is over, the same link is refused with its reason; without it, the usual price.
    t.clock.advance(5 * DAY + 60_000);
    await runJob(t);
    gus.token = await signIn(t, gus);
    const used = await withTrial(gus.token);
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toBe('You already claimed this offer');
    expect(await paymentsOf(t, gus.user.id)).toEqual([]);
    const regular = await ok<CheckoutResponse>(subscribe(t, gus.token, handle));
    expect(regular.amount).toEqual({ amount: 600, currency: 'USD' });

    // A stopped trial: refused with its reason, nothing charged.
    owner.token = await signIn(t, owner);
    await ok(call(t, 'POST', `/api/creators/me/offers/${offer.id}/stop`, owner.token), 204);
    ivy.token = await signIn(t, ivy);
    const ended = await withTrial(ivy.token);
    expect(ended.statusCode).toBe(409);
    expect(ended.json().message).toBe('This offer has ended');
    expect(await paymentsOf(t, ivy.user.id)).toEqual([]);
  });

  it('a promotion takes its percentage off the first period only, for its audience, once per fan', async () => {
    const owner = await creator(t, '10.00');
    const handle = owner.creator.handle;
    const promo = await ok<CreatorOffer>(
      makeOffer(t, owner.token, { kind: 'promotion', discountPercent: 40, audience: 'new' }),
      201,
    );
    const cai = await fan(t);
    const seen = await ok<PublicOffer>(
      call(t, 'GET', `/api/creators/${handle}/offers/${promo.code}`, cai.token),
    );
    expect(seen).toMatchObject({
      firstPeriodPrice: { amount: 600, currency: 'USD' },
      regularPrice: { amount: 1000, currency: 'USD' },
      available: true,
    });
    const checkout = await ok<CheckoutResponse>(
      call(t, 'POST', `/api/creators/${handle}/subscribe`, cai.token, { plan: 'monthly', offer: promo.code }),
    );
    expect(checkout.amount).toEqual({ amount: 600, currency: 'USD' });
    await pay(t, checkout);
    expect((await verify(t, cai.token, checkout.reference)).status).toBe('succeeded');
    await settle(t);
    // 20% fee on $6.00.
    expect(await accountBalance(t, `creator:${owner.user.id}:earnings`)).toBe(-480);

    // Renewal at the regular price.
    t.clock.advance(30 * DAY + 60_000);
    await runJob(t);
    await settle(t);
    const renewal = (await paymentsOf(t, cai.user.id)).find((p) => p.purpose === 'subscription_renewal');
    expect(renewal).toMatchObject({ amount: 1000, status: 'succeeded' });
    // Sessions do not outlive the month that passed.
    owner.token = await signIn(t, owner);
    const mine = await ok<CreatorOfferList>(call(t, 'GET', '/api/creators/me/offers', owner.token));
    expect(mine.items[0]).toMatchObject({ claims: 1, conversions: 1 });

    // Not for fans who subscribed before; a promotion code is not a trial.
    const dan = await fan(t);
    await subscribed(t, dan.token, handle);
    const refused = await subscribe(t, dan.token, handle);
    expect(refused.statusCode).toBe(409);
    const trialClaim = await claim(t, (await fan(t)).token, handle, promo.code);
    expect(trialClaim.statusCode).toBe(400);
    expect(trialClaim.json().message).toBe('This offer is not a free trial');
  });

  it('a promotion whose discount is not whole cents charges the first period rounded up to the cent, everywhere the same', async () => {
    // $4.99 at 15% off is $4.2415: the fan is charged $4.25 (docs: common/schemas/pricing.ts, discountedCents).
    const owner = await creator(t, '4.99');
    const handle = owner.creator.handle;
    const promo = await ok<CreatorOffer>(
      makeOffer(t, owner.token, { kind: 'promotion', discountPercent: 15, audience: 'new' }),
      201,
    );
    const eve = await fan(t);
    const seen = await ok<PublicOffer>(
      call(t, 'GET', `/api/creators/${handle}/offers/${promo.code}`, eve.token),
    );
    expect(seen).toMatchObject({
      firstPeriodPrice: { amount: 425, currency: 'USD' },
      regularPrice: { amount: 499, currency: 'USD' },
    });
    const checkout = await ok<CheckoutResponse>(
      call(t, 'POST', `/api/creators/${handle}/subscribe`, eve.token, { plan: 'monthly', offer: promo.code }),
    );
    expect(checkout.amount).toEqual({ amount: 425, currency: 'USD' });
    expect(await providerAmount(t, checkout)).toBe(425);
    await pay(t, checkout);
    expect((await verify(t, eve.token, checkout.reference)).status).toBe('succeeded');
    await settle(t);
    expect(await paymentsOf(t, eve.user.id)).toEqual([
      expect.objectContaining({ purpose: 'subscription_start', amount: 425, status: 'succeeded' }),
    ]);
    // 20% fee on $4.25 is $0.85: the creator earns $3.40.
    expect(await accountBalance(t, `creator:${owner.user.id}:earnings`)).toBe(-340);
  });

  it('checks what an offer may be, and keeps it to approved creators', async () => {
    const owner = await creator(t);
    for (const [body, message] of [
      [{ kind: 'trial', trialDays: 31 }, 'A trial lasts from 1 to 30 days'],
      [{ kind: 'trial' }, 'A trial lasts from 1 to 30 days'],
      [
        { kind: 'promotion', discountPercent: 95, audience: 'new' },
        'The discount must be a whole number from 5 to 90%',
      ],
      [{ kind: 'promotion', discountPercent: 20 }, 'Choose who the promotion is for'],
      [
        { kind: 'trial', trialDays: 5, endsAt: new Date(Date.now() - DAY).toISOString() },
        'The end date must be in the future, within a year',
      ],
    ] as const) {
      const answer = await makeOffer(t, owner.token, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().message).toBe(message);
    }
    const someone = await fan(t);
    expect((await makeOffer(t, someone.token, { kind: 'trial', trialDays: 5 })).statusCode).toBe(403);

    // A stopped offer gives nothing.
    const offer = await ok<CreatorOffer>(makeOffer(t, owner.token, { kind: 'trial', trialDays: 5 }), 201);
    await ok(call(t, 'POST', `/api/creators/me/offers/${offer.id}/stop`, owner.token), 204);
    const ended = await claim(t, someone.token, owner.creator.handle, offer.code);
    expect(ended.statusCode).toBe(409);
    expect(ended.json().message).toBe('This offer has ended');
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChargedResponse, CheckoutResponse } from '../../../../common/schemas/fan-payments.ts';
import type { PostView } from '../../../../common/schemas/posts.ts';
import { type SavedCardState, savedCardMessages } from '../../../../common/schemas/saved-cards.ts';
import { fanPayments, messages, savedCards } from '../../../db/schema/index.ts';
import { GOOD_PASSWORD } from '../../../test/accounts.ts';
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
  ppvPost,
  settle,
  unlock,
  verify,
} from '../../../test/billing/fan-payments.ts';

const savedCard = (t: FanPaymentTestApp, token: string) =>
  ok<SavedCardState>(call(t, 'GET', '/api/me/saved-card', token));

const tap = (t: FanPaymentTestApp, token: string, postId: string) =>
  call(t, 'POST', `/api/posts/${postId}/unlock`, token, { payWith: 'saved_card' });

const locked = async (t: FanPaymentTestApp, token: string, postId: string) =>
  (await ok<PostView>(call(t, 'GET', `/api/posts/${postId}`, token))).locked;

/** A fan who paid once on the checkout page (the card is saved), and a creator with two posts for sale. */
async function fanWithCard(t: FanPaymentTestApp, options: { failRenewals?: boolean } = {}) {
  const owner = await creator(t);
  const [first, second] = [await ppvPost(t, owner.token, '4.99'), await ppvPost(t, owner.token, '2.50')];
  const buyer = await fan(t);
  const checkout = await ok<CheckoutResponse>(unlock(t, buyer.token, first.id));
  await pay(t, checkout, options);
  expect((await verify(t, buyer.token, checkout.reference)).status).toBe('succeeded');
  await settle(t);
  return { owner, buyer, first, second };
}

describe.each(drivers)('one-tap payments with the saved card (%s)', (driver) => {
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

  it('keeps the card of a page payment and unlocks the next post in one tap, charged once', async () => {
    const { owner, buyer, second } = await fanWithCard(t);
    const { card } = await savedCard(t, buyer.token);
    expect(card).toMatchObject({ brand: expect.any(String), last4: expect.stringMatching(/^\d{4}$/) });
    // Only the brand and the last four digits reach the browser.
    expect(JSON.stringify(card)).not.toMatch(/AUTH_|authorization/i);

    const answer = await ok<ChargedResponse>(tap(t, buyer.token, second.id));
    expect(answer).toMatchObject({
      status: 'succeeded',
      purpose: 'post_unlock',
      postId: second.id,
      creatorHandle: owner.creator.handle,
      card: { brand: card?.brand, last4: card?.last4 },
    });
    expect('authorization_url' in answer).toBe(false);
    expect(await locked(t, buyer.token, second.id)).toBe(false);
    await settle(t);
    const payments = (await paymentsOf(t, buyer.user.id)).filter((p) => p.postId === second.id);
    expect(payments.map((p) => [p.method, p.status, p.amount])).toEqual([['saved_card', 'succeeded', 250]]);
    // The creator's share of both posts, as for page payments: 80% of 4.99 + 2.50.
    expect(await accountBalance(t, `creator:${owner.user.id}:earnings`)).toBe(-(399 + 200));
    // Asking again is refused: the post is already theirs.
    expect((await tap(t, buyer.token, second.id)).statusCode).toBe(409);
  });

  it('charges a double tap once', async () => {
    const { buyer, second } = await fanWithCard(t);
    const charges = () => t.fake?.calls.filter((c) => c === 'POST /transaction/charge_authorization').length;
    const before = charges();
    const answers = await Promise.all([tap(t, buyer.token, second.id), tap(t, buyer.token, second.id)]);
    // Each tap answers the one charge, or (once it is through) that the post is already theirs.
    const succeeded = answers.filter((answer) => answer.statusCode === 200);
    expect(succeeded.length).toBeGreaterThan(0);
    for (const answer of answers.filter((a) => a.statusCode !== 200)) expect(answer.statusCode).toBe(409);
    const references = succeeded.map((answer) => (answer.json() as ChargedResponse).reference);
    expect(new Set(references).size).toBe(1);
    expect(succeeded.map((answer) => (answer.json() as ChargedResponse).status)).toEqual(
      succeeded.map(() => 'succeeded'),
    );
    await settle(t);
    const payments = (await paymentsOf(t, buyer.user.id)).filter((p) => p.postId === second.id);
    expect(payments.map((p) => p.status)).toEqual(['succeeded']);
    // One charge asked of the provider.
    if (t.fake) expect((charges() ?? 0) - (before ?? 0)).toBe(1);
  });

  it('says a declined card was declined, gives nothing and books nothing', async () => {
    const { owner, buyer, second } = await fanWithCard(t, { failRenewals: true });
    const answer = await ok<ChargedResponse>(tap(t, buyer.token, second.id));
    expect(answer.status).toBe('failed');
    expect(answer.message).toMatch(/payment/i);
    expect(await locked(t, buyer.token, second.id)).toBe(true);
    await settle(t);
    expect(await accountBalance(t, `creator:${owner.user.id}:earnings`)).toBe(-399);
    // The page is still there for another card.
    const checkout = await ok<CheckoutResponse>(unlock(t, buyer.token, second.id));
    expect(checkout.authorization_url).toBeTruthy();
  });

  it('is refused without a saved card, never with another fan’s, and after the card is removed', async () => {
    const { buyer, second } = await fanWithCard(t);
    const stranger = await fan(t);
    expect(await savedCard(t, stranger.token)).toEqual({ card: null });
    const refused = await tap(t, stranger.token, second.id);
    expect([refused.statusCode, refused.json().message]).toEqual([409, savedCardMessages.noSavedCard]);
    expect(await paymentsOf(t, stranger.user.id)).toEqual([]);

    expect(await ok<SavedCardState>(call(t, 'DELETE', '/api/me/saved-card', buyer.token))).toEqual({
      card: null,
    });
    expect(await savedCard(t, buyer.token)).toEqual({ card: null });
    expect((await tap(t, buyer.token, second.id)).statusCode).toBe(409);
    expect((await call(t, 'DELETE', '/api/me/saved-card', buyer.token)).statusCode).toBe(404);
    const rows = await db(t).select().from(savedCards).where(eq(savedCards.userId, buyer.user.id));
    expect(rows).toEqual([]);
    // Signed out: no card to read.
    expect((await call(t, 'GET', '/api/me/saved-card')).statusCode).toBe(401);
  });

  it('forgets the card with the account', async () => {
    const { buyer } = await fanWithCard(t);
    expect((await savedCard(t, buyer.token)).card).not.toBeNull();
    const deleted = await call(t, 'POST', '/api/me/delete', buyer.token, { password: GOOD_PASSWORD });
    expect(deleted.statusCode).toBe(200);
    expect(await db(t).select().from(savedCards).where(eq(savedCards.userId, buyer.user.id))).toEqual([]);
  });

  it('subscribes and tips in one tap', async () => {
    const { owner, buyer } = await fanWithCard(t);
    const subscribed = await ok<ChargedResponse>(
      call(t, 'POST', `/api/creators/${owner.creator.handle}/subscribe`, buyer.token, {
        plan: 'monthly',
        payWith: 'saved_card',
      }),
    );
    expect(subscribed).toMatchObject({
      status: 'succeeded',
      purpose: 'creator_subscription',
      subscription: { status: 'active', renews: true },
    });
    const tipped = await ok<ChargedResponse>(
      call(t, 'POST', `/api/creators/${owner.creator.handle}/tips`, buyer.token, {
        amount: 300,
        note: 'For the last set',
        idempotencyKey: 'one-tap-tip-0001',
        payWith: 'saved_card',
      }),
    );
    expect(tipped).toMatchObject({ status: 'succeeded', purpose: 'tip' });
    await settle(t);
    const [payment] = await db(t)
      .select()
      .from(fanPayments)
      .where(and(eq(fanPayments.fanId, buyer.user.id), eq(fanPayments.purpose, 'tip')));
    expect(payment).toMatchObject({ method: 'saved_card', status: 'succeeded', amount: 300 });
    const tipRows = await db(t)
      .select()
      .from(messages)
      .where(eq(messages.tipPaymentId, payment?.id ?? ''));
    expect(tipRows).toHaveLength(1);
    // The same key again is the same tip, already sent.
    const again = await call(t, 'POST', `/api/creators/${owner.creator.handle}/tips`, buyer.token, {
      amount: 300,
      note: 'For the last set',
      idempotencyKey: 'one-tap-tip-0001',
      payWith: 'saved_card',
    });
    expect(again.statusCode).toBe(409);
  });

  it('takes a promotion’s first month at its discount in one tap', async () => {
    const { buyer } = await fanWithCard(t);
    const other = await creator(t);
    const promo = await ok<{ code: string }>(
      call(t, 'POST', '/api/creators/me/offers', other.token, {
        kind: 'promotion',
        discountPercent: 40,
        audience: 'new',
      }),
      201,
    );
    const subscribed = await ok<ChargedResponse>(
      call(t, 'POST', `/api/creators/${other.creator.handle}/subscribe`, buyer.token, {
        plan: 'monthly',
        offer: promo.code,
        payWith: 'saved_card',
      }),
    );
    expect(subscribed).toMatchObject({ status: 'succeeded', purpose: 'creator_subscription' });
    const regular = subscribed.subscription?.amount.amount ?? 0;
    await settle(t);
    const [payment] = await db(t)
      .select()
      .from(fanPayments)
      .where(
        and(
          eq(fanPayments.fanId, buyer.user.id),
          eq(fanPayments.purpose, 'subscription_start'),
          eq(fanPayments.creatorUserId, other.user.id),
        ),
      );
    expect(payment).toMatchObject({ method: 'saved_card', status: 'succeeded' });
    expect(payment?.amount).toBeLessThan(regular);
    expect(payment?.amount).toBe(Math.round(regular * 0.6));
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList } from '../../../../common/events.ts';
import type { CheckoutResponse } from '../../../../common/schemas/fan-payments.ts';
import type { PostList, PostView } from '../../../../common/schemas/posts.ts';
import { sandboxTransactions } from '../../../db/schema/index.ts';
import {
  accountBalance,
  call,
  createFanPaymentTestApp,
  creator,
  db,
  deliverEvent,
  drivers,
  type FanPaymentTestApp,
  fan,
  ledgerBalanced,
  ok,
  pay,
  paymentsOf,
  ppvPost,
  providerRefunded,
  settle,
  unlock,
  unlocked,
  verify,
} from '../../../test/billing/fan-payments.ts';
import { buildPost } from '../../../test/creators.ts';

const post = (t: FanPaymentTestApp, id: string, token?: string) =>
  ok<PostView>(call(t, 'GET', `/api/posts/${id}`, token));

/** Makes the provider report another amount for a checkout (a tampered or broken payment page). */
async function tamper(t: FanPaymentTestApp, reference: string, amount: number) {
  if (t.fake) return t.fake.tamper(reference, { amount });
  await db(t).update(sandboxTransactions).set({ amount }).where(eq(sandboxTransactions.reference, reference));
}

describe.each(drivers)('unlocking a pay-per-view post (%s)', (driver) => {
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

  it('charges the post price once verified, unlocks it for good and lists it under Purchased', async () => {
    const owner = await creator(t);
    const paid = await ppvPost(t, owner.token, '4.99');
    const buyer = await fan(t, { firstName: 'Ada', lastName: 'Byron' });
    expect((await post(t, paid.id, buyer.token)).locked).toBe(true);

    const checkout = await ok<CheckoutResponse>(unlock(t, buyer.token, paid.id));
    expect(checkout.amount).toEqual({ amount: 499, currency: 'USD' });
    expect((await post(t, paid.id, buyer.token)).locked).toBe(true);
    await pay(t, checkout, { expectReturnTo: `/public-profile/${owner.creator.handle}` });
    const verified = await verify(t, buyer.token, checkout.reference);
    expect(verified).toMatchObject({
      status: 'succeeded',
      purpose: 'post_unlock',
      postId: paid.id,
      creatorHandle: owner.creator.handle,
      subscription: null,
    });
    const view = await post(t, paid.id, buyer.token);
    expect(view).toMatchObject({ locked: false, youtubeId: 'dQw4w9WgXcQ' });
    // Not anyone else's.
    expect((await post(t, paid.id, (await fan(t)).token)).locked).toBe(true);

    const purchases = await ok<PostList>(call(t, 'GET', '/api/me/purchases', buyer.token));
    expect(purchases.items.map((item) => [item.id, item.locked])).toEqual([[paid.id, false]]);
    expect(purchases.nextCursor).toBeNull();

    await settle(t);
    expect(await accountBalance(t, `creator:${owner.user.id}:earnings`)).toBe(-399);
    await t.smtp.waitFor(
      (mail) => mail.to.includes(owner.email) && mail.subject === 'Ada Byron unlocked your post',
    );
    await t.smtp.waitFor((mail) => mail.to.includes(buyer.email) && mail.subject.includes('receipt: $4.99'));
    const notifications = await ok<NotificationList>(call(t, 'GET', '/api/notifications', owner.token));
    expect(notifications.items[0]).toMatchObject({ kind: 'purchase', text: 'Ada Byron unlocked your post' });

    const again = await unlock(t, buyer.token, paid.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'You already unlocked this post', code: 'CONFLICT' });
  });

  it('charges once for 100 parallel unlock attempts of one post by one fan', async () => {
    const owner = await creator(t);
    const paid = await ppvPost(t, owner.token, '2.50');
    const buyer = await fan(t);
    const answers = await Promise.all(Array.from({ length: 100 }, () => unlock(t, buyer.token, paid.id)));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const references = new Set(answers.map((answer) => answer.json<CheckoutResponse>().reference));
    expect(references.size).toBe(1);
    expect(await paymentsOf(t, buyer.user.id)).toHaveLength(1);

    const checkout = answers[0]?.json<CheckoutResponse>() as CheckoutResponse;
    await pay(t, checkout);
    const verifications = await Promise.all(
      Array.from({ length: 20 }, () => verify(t, buyer.token, checkout.reference)),
    );
    expect(verifications.filter((v) => v.status === 'succeeded')).toHaveLength(20);
    await settle(t);
    const payments = await paymentsOf(t, buyer.user.id);
    expect(payments.map((p) => p.status)).toEqual(['succeeded']);
    expect(await accountBalance(t, `creator:${owner.user.id}:earnings`)).toBe(-200);
    // After it is bought, parallel attempts are refused and charge nothing.
    const late = await Promise.all(Array.from({ length: 10 }, () => unlock(t, buyer.token, paid.id)));
    expect(late.map((answer) => answer.statusCode)).toEqual(Array(10).fill(409));
    expect(await paymentsOf(t, buyer.user.id)).toHaveLength(1);
  });

  it('refuses your own post, posts that are not for sale, blocked creators and unknown posts', async () => {
    const owner = await creator(t);
    const paid = await ppvPost(t, owner.token);
    const own = await unlock(t, owner.token, paid.id);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('This is your own post');

    const buyer = await fan(t);
    const free = await buildPost(t, owner.token, { visibility: 'public', youtube: true });
    const notForSale = await unlock(t, buyer.token, free.id);
    expect(notForSale.statusCode).toBe(403);
    expect(notForSale.json().message).toBe('This post is not for sale');

    await ok(call(t, 'POST', '/api/me/blocks', owner.token, { userId: buyer.user.id }));
    const blocked = await unlock(t, buyer.token, paid.id);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe('You cannot unlock this post');

    expect((await unlock(t, buyer.token, '00000000-0000-7000-8000-000000000000')).statusCode).toBe(404);
    expect((await unlock(t, buyer.token, 'not-a-post')).statusCode).toBe(404);
    expect((await call(t, 'POST', `/api/posts/${paid.id}/unlock`, undefined, {})).statusCode).toBe(401);
  });

  it('refuses and refunds a payment whose amount differs from the price, giving nothing', async () => {
    const owner = await creator(t);
    const paid = await ppvPost(t, owner.token, '5.00');
    const buyer = await fan(t);
    const checkout = await ok<CheckoutResponse>(unlock(t, buyer.token, paid.id));
    await tamper(t, checkout.reference, 100);
    await pay(t, checkout);
    const result = await verify(t, buyer.token, checkout.reference);
    expect(result).toMatchObject({
      status: 'refused',
      message: 'The payment could not be accepted and will be refunded',
    });
    await settle(t);
    expect((await post(t, paid.id, buyer.token)).locked).toBe(true);
    expect(await providerRefunded(t, checkout.reference)).toBe(100);
    expect(await accountBalance(t, `user:${buyer.user.id}:payments`)).toBe(0);
    expect(await accountBalance(t, `creator:${owner.user.id}:earnings`)).toBe(0);
    const [payment] = await paymentsOf(t, buyer.user.id);
    expect(payment).toMatchObject({ status: 'refused', refundStatus: 'refunded', refundedAmount: 100 });
  });

  it('takes an unlock back on a chargeback: access ends and the split is reversed, once', async () => {
    const owner = await creator(t);
    const paid = await ppvPost(t, owner.token, '8.00');
    const buyer = await fan(t);
    const { checkout } = await unlocked(t, buyer.token, paid.id);
    expect(await accountBalance(t, `creator:${owner.user.id}:earnings`)).toBe(-640);
    const dispute = {
      event: 'charge.dispute.create',
      data: {
        id: 9_876_543,
        status: 'awaiting-merchant-feedback',
        transaction: { reference: checkout.reference },
      },
    };
    const answers = await Promise.all([
      deliverEvent(t, dispute),
      deliverEvent(t, dispute),
      deliverEvent(t, dispute),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect((await post(t, paid.id, buyer.token)).locked).toBe(true);
    expect(await accountBalance(t, `creator:${owner.user.id}:earnings`)).toBe(0);
    const purchases = await ok<PostList>(call(t, 'GET', '/api/me/purchases', buyer.token));
    expect(purchases.items).toEqual([]);
    const [payment] = await paymentsOf(t, buyer.user.id);
    expect(payment?.chargedBackAt).not.toBeNull();
    // A forged dispute is refused.
    const forged = await t.app.inject({
      method: 'POST',
      url: `/api/payments/webhook/${t.driver}`,
      headers: {
        'content-type': 'application/json',
        'x-paystack-signature': 'f'.repeat(128),
        'x-sandbox-signature': 'f'.repeat(128),
      },
      payload: JSON.stringify(dispute),
    });
    expect(forged.statusCode).toBe(401);
  });
});

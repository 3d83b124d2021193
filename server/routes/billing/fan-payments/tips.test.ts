import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList } from '../../../../common/events.ts';
import type {
  CheckoutResponse,
  TransactionList,
  WalletHistory,
} from '../../../../common/schemas/fan-payments.ts';
import type { ConversationList, MessagePage } from '../../../../common/schemas/messages.ts';
import type { PublicConfig } from '../../../../common/schemas/public-config.ts';
import { notifications, sandboxTransactions, userEvents, users } from '../../../db/schema/index.ts';
import {
  accountBalance,
  call,
  createFanPaymentTestApp,
  creator,
  db,
  deliverEvent,
  deliverWebhook,
  drivers,
  type FanPaymentTestApp,
  fan,
  ledgerBalanced,
  ok,
  pay,
  paymentsOf,
  providerRefunded,
  settle,
  verify,
  webhookOf,
} from '../../../test/billing/fan-payments.ts';
import { buildCreator } from '../../../test/creators.ts';
import { listen } from '../../../test/media.ts';
import { openEventStream } from '../../../test/sse.ts';

const newKey = () => `tip-key-${randomUUID()}`;

function tip(
  t: FanPaymentTestApp,
  token: string | undefined,
  handle: string,
  body: { amount?: unknown; note?: string; idempotencyKey?: string; returnTo?: string },
) {
  return call(t, 'POST', `/api/creators/${handle}/tips`, token, { idempotencyKey: newKey(), ...body });
}

/** The tips in the conversation between two people, as `viewerToken` reads them. */
async function chat(t: FanPaymentTestApp, viewerToken: string) {
  const list = await ok<ConversationList>(call(t, 'GET', '/api/conversations', viewerToken));
  const pages = await Promise.all(
    list.items.map((conversation) =>
      ok<MessagePage>(call(t, 'GET', `/api/conversations/${conversation.id}/messages`, viewerToken)),
    ),
  );
  return pages.flatMap((page) => page.items);
}

async function notificationKinds(t: FanPaymentTestApp, userId: string) {
  const rows = await db(t).select().from(notifications).where(eq(notifications.userId, userId));
  // Leaves out the creator's page review (every creator here was approved), which is not a tip's.
  return rows.map((row) => row.kind).filter((kind) => kind !== 'creator_review');
}

/** Makes the provider report another amount for a checkout (a tampered or broken payment page). */
async function tamper(t: FanPaymentTestApp, reference: string, amount: number) {
  if (t.fake) return t.fake.tamper(reference, { amount });
  await db(t).update(sandboxTransactions).set({ amount }).where(eq(sandboxTransactions.reference, reference));
}

describe.each(drivers)('tips (%s)', (driver) => {
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

  it('gives nothing until the provider confirms, then puts the tip in the conversation for both, with the fee split, once', async () => {
    const owner = await creator(t);
    const giver = await fan(t, { firstName: 'Ada', lastName: 'Byron' });
    const handle = owner.creator.handle;

    const checkout = await ok<CheckoutResponse>(
      tip(t, giver.token, handle, { amount: 500, note: '  Thank you for the sunsets  ' }),
    );
    expect(checkout.amount).toEqual({ amount: 500, currency: 'USD' });
    // Before the payment: no message, no notification, no earning.
    expect(await chat(t, giver.token)).toEqual([]);
    expect(await chat(t, owner.token)).toEqual([]);
    expect(await notificationKinds(t, owner.user.id)).toEqual([]);
    expect(await accountBalance(t, `creator:${owner.user.id}:earnings`)).toBe(0);
    const [pending] = await paymentsOf(t, giver.user.id);
    expect(pending).toMatchObject({ purpose: 'tip', status: 'pending', note: 'Thank you for the sunsets' });

    await pay(t, checkout, { expectReturnTo: `/public-profile/${handle}` });
    const verified = await verify(t, giver.token, checkout.reference);
    expect(verified).toMatchObject({
      status: 'succeeded',
      message: 'Tip sent',
      purpose: 'tip',
      creatorHandle: handle,
      postId: null,
      subscription: null,
    });
    await settle(t);

    for (const [token, canReport] of [
      [giver.token, false],
      [owner.token, true],
    ] as const) {
      const messages = await chat(t, token);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatchObject({
        senderId: giver.user.id,
        text: 'Thank you for the sunsets',
        tip: { amount: 500, currency: 'USD' },
        canReport,
      });
    }
    // 20% platform fee: the creator earns $4.00.
    expect(await accountBalance(t, `creator:${owner.user.id}:earnings`)).toBe(-400);
    expect(await accountBalance(t, 'platform:fees')).toBeLessThan(0);
    const bell = await ok<NotificationList>(call(t, 'GET', '/api/notifications', owner.token));
    expect(bell.items[0]).toMatchObject({ kind: 'tip', text: 'Ada Byron tipped you $5.00' });
    expect(bell.items[0]?.link).toMatch(/^\/message\?c=/);
    await t.smtp.waitFor((mail) => mail.to.includes(giver.email) && mail.subject.includes('receipt: $5.00'));
    await t.smtp.waitFor(
      (mail) => mail.to.includes(owner.email) && mail.subject === 'Ada Byron tipped you $5.00',
    );

    // Both sides' histories.
    const paid = await ok<TransactionList>(call(t, 'GET', '/api/me/transactions', giver.token));
    expect(paid.items[0]).toMatchObject({
      kind: 'payment',
      direction: 'debit',
      status: 'completed',
      amount: { amount: 500, currency: 'USD' },
      description: `You tipped ${owner.creator.displayName}`,
    });
    const earned = await ok<TransactionList>(call(t, 'GET', '/api/me/transactions', owner.token));
    expect(earned.items[0]).toMatchObject({
      kind: 'earning',
      direction: 'credit',
      amount: { amount: 400, currency: 'USD' },
      description: 'Ada Byron tipped you',
    });
    const wallet = await ok<WalletHistory>(call(t, 'GET', '/api/wallet/history', owner.token));
    expect(wallet.items[0]).toMatchObject({ kind: 'earning', description: 'Ada Byron tipped you' });

    // The same verify again, and the webhook again: nothing more.
    expect((await verify(t, giver.token, checkout.reference)).status).toBe('succeeded');
    await settle(t);
    expect(await chat(t, owner.token)).toHaveLength(1);
    expect(await accountBalance(t, `creator:${owner.user.id}:earnings`)).toBe(-400);
  });

  it('charges once for a double click and retries with the same key; a paid key is refused, a new key is a new tip', async () => {
    const owner = await creator(t);
    const giver = await fan(t);
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        tip(t, giver.token, owner.creator.handle, { amount: 300, idempotencyKey: key }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const references = new Set(answers.map((answer) => answer.json<CheckoutResponse>().reference));
    expect(references.size).toBe(1);
    expect(await paymentsOf(t, giver.user.id)).toHaveLength(1);

    const checkout = answers[0]?.json<CheckoutResponse>() as CheckoutResponse;
    await pay(t, checkout);
    await Promise.all(Array.from({ length: 5 }, () => verify(t, giver.token, checkout.reference)));
    await settle(t);
    expect(await chat(t, owner.token)).toHaveLength(1);
    expect(await accountBalance(t, `creator:${owner.user.id}:earnings`)).toBe(-240);

    const retry = await tip(t, giver.token, owner.creator.handle, { amount: 300, idempotencyKey: key });
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toMatchObject({ message: 'This tip was already sent', code: 'CONFLICT' });
    const changed = await tip(t, giver.token, owner.creator.handle, { amount: 400, idempotencyKey: key });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe('This tip was already started with other details. Please try again.');
    expect(await paymentsOf(t, giver.user.id)).toHaveLength(1);

    // Tipping again on purpose (a new key) is a second tip.
    const second = await ok<CheckoutResponse>(tip(t, giver.token, owner.creator.handle, { amount: 300 }));
    expect(second.reference).not.toBe(checkout.reference);
    await pay(t, second);
    expect((await verify(t, giver.token, second.reference)).status).toBe('succeeded');
    await settle(t);
    expect((await chat(t, owner.token)).map((message) => message.tip?.amount)).toEqual([300, 300]);
    expect(await accountBalance(t, `creator:${owner.user.id}:earnings`)).toBe(-480);
  });

  it('settles once under webhook redelivery, whoever comes first', async () => {
    const owner = await creator(t);
    const giver = await fan(t);
    const checkout = await ok<CheckoutResponse>(tip(t, giver.token, owner.creator.handle, { amount: 1000 }));
    await pay(t, checkout);
    await settle(t);
    const webhook = await webhookOf(t, checkout.reference);
    const again = await Promise.all(Array.from({ length: 5 }, () => deliverWebhook(t, webhook)));
    for (const answer of again) expect(answer.statusCode, answer.body).toBe(200);
    expect((await verify(t, giver.token, checkout.reference)).status).toBe('succeeded');
    await settle(t);
    const messages = await chat(t, owner.token);
    expect(messages.map((message) => message.tip)).toEqual([{ amount: 1000, currency: 'USD' }]);
    expect(messages[0]?.text).toBe('');
    expect(await accountBalance(t, `creator:${owner.user.id}:earnings`)).toBe(-800);
    expect(await notificationKinds(t, owner.user.id)).toEqual(['tip']);
    const created = await db(t).select().from(userEvents).where(eq(userEvents.userId, owner.user.id));
    expect(created.filter((event) => event.name === 'message.created')).toHaveLength(1);
  });

  it('gives nothing for a declined card; the key then asks for a new tip', async () => {
    const owner = await creator(t);
    const giver = await fan(t);
    const key = newKey();
    const checkout = await ok<CheckoutResponse>(
      tip(t, giver.token, owner.creator.handle, { amount: 700, idempotencyKey: key }),
    );
    await pay(t, checkout, { action: 'decline' });
    expect((await verify(t, giver.token, checkout.reference)).status).toBe('failed');
    await settle(t);
    expect(await chat(t, owner.token)).toEqual([]);
    expect(await notificationKinds(t, owner.user.id)).toEqual([]);
    expect(await accountBalance(t, `creator:${owner.user.id}:earnings`)).toBe(0);
    const retry = await tip(t, giver.token, owner.creator.handle, { amount: 700, idempotencyKey: key });
    expect(retry.statusCode).toBe(409);
    expect(retry.json().message).toBe('This tip did not go through. Please start a new one.');
  });

  it('refuses and refunds a payment whose amount differs, giving nothing', async () => {
    const owner = await creator(t);
    const giver = await fan(t);
    const checkout = await ok<CheckoutResponse>(tip(t, giver.token, owner.creator.handle, { amount: 900 }));
    await tamper(t, checkout.reference, 100);
    await pay(t, checkout);
    expect((await verify(t, giver.token, checkout.reference)).status).toBe('refused');
    await settle(t);
    expect(await chat(t, owner.token)).toEqual([]);
    expect(await providerRefunded(t, checkout.reference)).toBe(100);
    expect(await accountBalance(t, `creator:${owner.user.id}:earnings`)).toBe(0);
  });

  it('keeps the amount within the limits, in whole cents, and the note within 500 characters', async () => {
    const owner = await creator(t);
    const giver = await fan(t);
    const handle = owner.creator.handle;
    const refusals: [unknown, string][] = [
      [99, 'The smallest tip is $1'],
      [0, 'The smallest tip is $1'],
      [-500, 'The smallest tip is $1'],
      [20_001, 'The largest tip is $200'],
      [150.5, 'Please enter an amount in dollars and cents'],
      ['500', 'Please enter an amount'],
      [undefined, 'Please enter an amount'],
    ];
    for (const [amount, message] of refusals) {
      const answer = await tip(t, giver.token, handle, { amount });
      expect(answer.statusCode, `${String(amount)}: ${answer.body}`).toBe(400);
      expect(answer.json().message).toBe(message);
    }
    const long = await tip(t, giver.token, handle, { amount: 500, note: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('A note can be at most 500 characters');
    const badKey = await call(t, 'POST', `/api/creators/${handle}/tips`, giver.token, { amount: 500 });
    expect(badKey.statusCode).toBe(400);
    expect(await paymentsOf(t, giver.user.id)).toEqual([]);

    for (const amount of [100, 20_000])
      expect((await tip(t, giver.token, handle, { amount, note: 'y'.repeat(500) })).statusCode).toBe(200);
    expect((await paymentsOf(t, giver.user.id)).map((payment) => payment.amount).sort()).toEqual([
      100, 20_000,
    ]);
  });

  it('refuses blocks either way, yourself, creators not approved or suspended, unknown handles and visitors', async () => {
    const owner = await creator(t);
    const handle = owner.creator.handle;
    const blockedByCreator = await fan(t);
    await ok(call(t, 'POST', '/api/me/blocks', owner.token, { userId: blockedByCreator.user.id }));
    const blockingFan = await fan(t);
    await ok(call(t, 'POST', '/api/me/blocks', blockingFan.token, { userId: owner.user.id }));
    for (const who of [blockedByCreator, blockingFan]) {
      const answer = await tip(t, who.token, handle, { amount: 500 });
      expect(answer.statusCode).toBe(403);
      expect(answer.json().message).toBe('You cannot tip this creator');
    }
    const own = await tip(t, owner.token, handle, { amount: 500 });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You cannot tip yourself');

    const giver = await fan(t);
    const pendingReview = await buildCreator(t);
    const notApproved = await tip(t, giver.token, pendingReview.creator.handle, { amount: 500 });
    expect(notApproved.statusCode).toBe(403);
    expect(notApproved.json().message).toBe('This creator is not accepting tips');

    const suspended = await creator(t);
    await db(t).update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.user.id));
    const toSuspended = await tip(t, giver.token, suspended.creator.handle, { amount: 500 });
    expect(toSuspended.statusCode).toBe(403);
    expect(toSuspended.json().message).toBe('This creator is not accepting tips');

    expect((await tip(t, giver.token, 'nobody_here_at_all', { amount: 500 })).statusCode).toBe(404);
    expect((await tip(t, undefined, handle, { amount: 500 })).statusCode).toBe(401);
    for (const who of [blockedByCreator, blockingFan, giver])
      expect(await paymentsOf(t, who.user.id)).toEqual([]);
  });

  it('refunds a tip paid after a block or a suspension that came during checkout, giving nothing', async () => {
    const owner = await creator(t);
    const giver = await fan(t);
    const blocked = await ok<CheckoutResponse>(tip(t, giver.token, owner.creator.handle, { amount: 600 }));
    await ok(call(t, 'POST', '/api/me/blocks', owner.token, { userId: giver.user.id }));
    await pay(t, blocked);
    expect((await verify(t, giver.token, blocked.reference)).status).toBe('refused');

    const other = await creator(t);
    const suspended = await ok<CheckoutResponse>(tip(t, giver.token, other.creator.handle, { amount: 800 }));
    await db(t).update(users).set({ suspendedAt: new Date() }).where(eq(users.id, other.user.id));
    await pay(t, suspended);
    expect((await verify(t, giver.token, suspended.reference)).status).toBe('refused');
    await settle(t);

    expect(await providerRefunded(t, blocked.reference)).toBe(600);
    expect(await providerRefunded(t, suspended.reference)).toBe(800);
    expect(await chat(t, giver.token)).toEqual([]);
    for (const who of [owner, other]) {
      expect(await accountBalance(t, `creator:${who.user.id}:earnings`)).toBe(0);
      expect(await notificationKinds(t, who.user.id)).toEqual([]);
    }
  });

  it('caps how many new tips a fan may start in an hour; retries of one tip do not count', async () => {
    const owner = await creator(t);
    const giver = await fan(t);
    const key = newKey();
    const answers = [];
    for (let i = 0; i < 30; i += 1)
      answers.push(
        await tip(t, giver.token, owner.creator.handle, {
          amount: 100 + i,
          ...(i === 0 ? { idempotencyKey: key } : {}),
        }),
      );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(30).fill(200));
    // The first tip's retry answers its checkout; a new one is refused until the hour has passed.
    expect(
      (await tip(t, giver.token, owner.creator.handle, { amount: 100, idempotencyKey: key })).statusCode,
    ).toBe(200);
    const over = await tip(t, giver.token, owner.creator.handle, { amount: 500 });
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe('You are starting tips too fast. Please wait a moment');
    expect(await paymentsOf(t, giver.user.id)).toHaveLength(30);
    t.clock.advance(61 * 60_000);
    expect((await tip(t, giver.token, owner.creator.handle, { amount: 500 })).statusCode).toBe(200);
  });

  it('reverses a tip on a chargeback, once', async () => {
    const owner = await creator(t);
    const giver = await fan(t);
    const checkout = await ok<CheckoutResponse>(tip(t, giver.token, owner.creator.handle, { amount: 1500 }));
    await pay(t, checkout);
    expect((await verify(t, giver.token, checkout.reference)).status).toBe('succeeded');
    await settle(t);
    expect(await accountBalance(t, `creator:${owner.user.id}:earnings`)).toBe(-1200);
    const dispute = {
      event: 'charge.dispute.create',
      data: {
        id: 4_242_424,
        status: 'awaiting-merchant-feedback',
        transaction: { reference: checkout.reference },
      },
    };
    const answers = await Promise.all([deliverEvent(t, dispute), deliverEvent(t, dispute)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(await accountBalance(t, `creator:${owner.user.id}:earnings`)).toBe(0);
    const [payment] = await paymentsOf(t, giver.user.id);
    expect(payment?.chargedBackAt).not.toBeNull();
  });
});

describe('tip limits set by the operator, and the tip live in the creator stream', () => {
  let t: FanPaymentTestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createFanPaymentTestApp('sandbox', { env: { TIP_MIN_CENTS: '250', TIP_MAX_CENTS: '1000' } });
    baseUrl = await listen(t);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });
  afterEach(async () => {
    await settle(t);
    await ledgerBalanced(t);
  });

  it('tells the web app the limits and holds tips to them', async () => {
    const config = await ok<PublicConfig>(call(t, 'GET', '/api/config'));
    expect(config.tips).toEqual({ minCents: 250, maxCents: 1000 });
    const owner = await creator(t);
    const giver = await fan(t);
    const low = await tip(t, giver.token, owner.creator.handle, { amount: 249 });
    expect(low.json()).toMatchObject({ message: 'The smallest tip is $2.50' });
    const high = await tip(t, giver.token, owner.creator.handle, { amount: 1001 });
    expect(high.json()).toMatchObject({ message: 'The largest tip is $10' });
    expect((await tip(t, giver.token, owner.creator.handle, { amount: 250 })).statusCode).toBe(200);
  });

  it('pushes the tip to the creator and the fan as it settles', async () => {
    const owner = await creator(t);
    const giver = await fan(t);
    const [creatorStream, fanStream] = await Promise.all([
      openEventStream(baseUrl, owner.token),
      openEventStream(baseUrl, giver.token),
    ]);
    try {
      await Promise.all([creatorStream, fanStream].map((s) => s.waitFor((event) => event.event === 'ready')));
      const checkout = await ok<CheckoutResponse>(
        tip(t, giver.token, owner.creator.handle, { amount: 500, note: 'For the next trip' }),
      );
      await pay(t, checkout);
      await settle(t);
      for (const [stream, canReport] of [
        [creatorStream, true],
        [fanStream, false],
      ] as const) {
        const event = await stream.waitFor((e) => e.event === 'message.created');
        expect(event.data).toMatchObject({
          message: {
            senderId: giver.user.id,
            text: 'For the next trip',
            tip: { amount: 500, currency: 'USD' },
            canReport,
          },
        });
      }
      const bell = await creatorStream.waitFor((e) => e.event === 'notification');
      expect(bell.data).toMatchObject({
        notification: { kind: 'tip', text: expect.stringContaining('tipped you $5.00') },
      });
    } finally {
      creatorStream.close();
      fanStream.close();
    }
  });
});

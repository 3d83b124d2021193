import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EarningsBucket, EarningsOverview } from '../../../../common/schemas/earnings.ts';
import type { CheckoutResponse, SubscriberList, Wallet } from '../../../../common/schemas/fan-payments.ts';
import type { MediaView } from '../../../../common/schemas/media.ts';
import type { ChatMessage, Conversation } from '../../../../common/schemas/messages.ts';
import {
  accountBalance,
  call,
  createFanPaymentTestApp,
  creator,
  DAY,
  deliverEvent,
  drivers,
  type FanPaymentTestApp,
  fan,
  ledgerBalanced,
  ok,
  pay,
  runJob,
  settle,
  signIn,
  subscribed,
  unlocked,
  verify,
} from '../../../test/billing/fan-payments.ts';
import { buildPost } from '../../../test/creators.ts';
import { tusUpload, waitForProcessing } from '../../../test/media.ts';
import { jpeg } from '../../../test/media-fixtures.ts';

type Person = { token: string; user: { id: string } };

const day = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY);
/** The Monday of a date's week (UTC), as date_trunc('week') counts weeks. */
const mondayOf = (date: Date) => day(addDays(date, -((date.getUTCDay() + 6) % 7)));
const monthOf = (date: Date) => `${day(date).slice(0, 7)}-01`;

const overview = (t: FanPaymentTestApp, token: string, query = '') =>
  ok<EarningsOverview>(call(t, 'GET', `/api/wallet/earnings${query}`, token));

const empty = { subscriptions: 0, renewals: 0, tips: 0, posts: 0, messages: 0, total: 0 };

async function tip(t: FanPaymentTestApp, giver: Person, handle: string, amount: number) {
  const checkout = await ok<CheckoutResponse>(
    call(t, 'POST', `/api/creators/${handle}/tips`, giver.token, {
      amount,
      idempotencyKey: `tip-key-${randomUUID()}`,
    }),
  );
  await pay(t, checkout);
  expect((await verify(t, giver.token, checkout.reference)).status).toBe('succeeded');
  await settle(t);
  return checkout;
}

/** The creator sends the fan a photo for a price; the fan pays for it. */
async function unlockedMessage(t: FanPaymentTestApp, owner: Person, buyer: Person, text: string) {
  const { last } = await tusUpload(t, owner.token, await jpeg(640, 480), { filetype: 'image/jpeg' });
  const mediaId = (JSON.parse(last.body) as MediaView).id;
  await waitForProcessing(t, owner.token, mediaId);
  const conversation = await ok<Conversation>(
    call(t, 'POST', '/api/conversations', owner.token, { userId: buyer.user.id }),
  );
  const sent = await ok<ChatMessage>(
    call(t, 'POST', `/api/conversations/${conversation.id}/messages`, owner.token, {
      text,
      mediaIds: [mediaId],
      price: '3.00',
    }),
    201,
  );
  const checkout = await ok<CheckoutResponse>(
    call(t, 'POST', `/api/messages/${sent.id}/unlock`, buyer.token),
  );
  await pay(t, checkout);
  expect((await verify(t, buyer.token, checkout.reference)).status).toBe('succeeded');
  await settle(t);
  return { message: sent, conversationId: conversation.id };
}

/** Buckets that earned something, by start day. */
const nonEmpty = (buckets: EarningsBucket[]) =>
  Object.fromEntries(
    buckets.filter((bucket) => bucket.total !== 0).map(({ start, ...amounts }) => [start, amounts]),
  );

describe.each(drivers)('earnings overview (%s)', (driver) => {
  let t: FanPaymentTestApp;
  beforeAll(async () => {
    // Jobs run for the message's photo processing.
    t = await createFanPaymentTestApp(driver, { runJobs: true });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });
  afterEach(async () => {
    await settle(t);
    await ledgerBalanced(t);
  });

  it('counts each kind net of the fee in the bucket of its day, week and month, and nothing of another creator', async () => {
    const owner = await creator(t, '10.00');
    const other = await creator(t, '10.00');
    const buyer = await fan(t);
    const saleDay = t.clock.now();

    await subscribed(t, buyer.token, owner.creator.handle);
    const post = await buildPost(t, owner.token, {
      visibility: 'pay_per_view',
      price: '8.00',
      youtube: true,
      description: 'Sunset over the harbour, the full set',
    });
    await unlocked(t, buyer.token, post.id);
    await tip(t, buyer, owner.creator.handle, 500);
    const { message, conversationId } = await unlockedMessage(t, owner, buyer, 'Two from the beach');
    // Another creator's tip from the same fan.
    await tip(t, buyer, other.creator.handle, 2000);

    // The renewal, charged by the job shortly before the period ends.
    t.clock.advance(30 * DAY - 30 * 60 * 1000);
    await runJob(t);
    const renewalDay = t.clock.now();
    const token = await signIn(t, owner);

    const range = `from=${day(saleDay)}&to=${day(renewalDay)}`;
    const days = await overview(t, token, `?period=day&${range}`);
    expect(days).toMatchObject({ period: 'day', from: day(saleDay), to: day(renewalDay), currency: 'USD' });
    // Every day of the range, empty ones included, oldest first.
    expect(days.buckets.map((bucket) => bucket.start)).toEqual(
      Array.from(
        { length: Math.round((Date.parse(day(renewalDay)) - Date.parse(day(saleDay))) / DAY) + 1 },
        (_, i) => day(addDays(new Date(`${day(saleDay)}T00:00:00Z`), i)),
      ),
    );
    // 20% platform fee: $10 -> 800, $8 -> 640, $5 -> 400, $3 -> 240.
    const sales = { ...empty, subscriptions: 800, tips: 400, posts: 640, messages: 240, total: 2080 };
    const renewal = { ...empty, renewals: 800, total: 800 };
    expect(nonEmpty(days.buckets)).toEqual({ [day(saleDay)]: sales, [day(renewalDay)]: renewal });
    expect(days.totals).toEqual({ ...sales, renewals: 800, total: 2880 });
    expect(days.topPosts).toEqual([
      { id: post.id, excerpt: 'Sunset over the harbour, the full set', earned: 640, sales: 1 },
    ]);
    expect(days.topMessages).toEqual([
      { id: message.id, conversationId, excerpt: 'Two from the beach', earned: 240, sales: 1 },
    ]);
    // The same figures as the wallet's lifetime earnings and the ledger account.
    const wallet = await ok<Wallet>(call(t, 'GET', '/api/wallet', token));
    expect(wallet.lifetimeEarnings.amount).toBe(2880);
    expect(await accountBalance(t, `creator:${owner.user.id}:earnings`)).toBe(-2880);

    const weeks = await overview(t, token, `?period=week&${range}`);
    expect(weeks.from).toBe(mondayOf(saleDay));
    expect(weeks.buckets.every((bucket) => new Date(`${bucket.start}T00:00:00Z`).getUTCDay() === 1)).toBe(
      true,
    );
    expect(nonEmpty(weeks.buckets)).toEqual({
      [mondayOf(saleDay)]: sales,
      [mondayOf(renewalDay)]: renewal,
    });
    const months = await overview(t, token, `?period=month&${range}`);
    expect(months.from).toBe(monthOf(saleDay));
    expect(months.buckets.map((bucket) => bucket.start)).toEqual(
      monthOf(saleDay) === monthOf(renewalDay) ? [monthOf(saleDay)] : [monthOf(saleDay), monthOf(renewalDay)],
    );
    expect(months.totals).toEqual(days.totals);

    // A range that ends before the renewal leaves it out; one that starts after the sales leaves them out.
    const first = await overview(t, token, `?period=day&from=${day(saleDay)}&to=${day(saleDay)}`);
    expect(first.buckets).toEqual([{ start: day(saleDay), ...sales }]);
    const later = await overview(
      t,
      token,
      `?period=day&from=${day(addDays(saleDay, 1))}&to=${day(renewalDay)}`,
    );
    expect(later.totals).toEqual(renewal);
    expect(later.topPosts).toEqual([]);
    expect(later.topMessages).toEqual([]);

    // The other creator sees only their own tip, and no posts or messages of the first.
    const theirs = await overview(t, await signIn(t, other), `?period=day&${range}`);
    expect(theirs.totals).toEqual({ ...empty, tips: 1600, total: 1600 });
    expect(theirs.topPosts).toEqual([]);
    expect(theirs.topMessages).toEqual([]);
    expect(JSON.stringify(theirs)).not.toContain(post.id);

    // A fan has no earnings to see.
    const refused = await call(t, 'GET', '/api/wallet/earnings', await signIn(t, buyer));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', message: 'Become a creator first' });
    expect((await call(t, 'GET', '/api/wallet/earnings')).statusCode).toBe(401);
  });

  it('takes a refund and a chargeback off the day of the sale, and a charged-back post leaves the top posts', async () => {
    const owner = await creator(t, '10.00');
    const buyer = await fan(t);
    const saleDay = t.clock.now();
    const long = `${'Behind the scenes '.repeat(6)}and more`;
    const { verified } = await subscribed(t, buyer.token, owner.creator.handle);
    const post = await buildPost(t, owner.token, {
      visibility: 'pay_per_view',
      price: '8.00',
      youtube: true,
    });
    const kept = await buildPost(t, owner.token, {
      visibility: 'pay_per_view',
      price: '5.00',
      youtube: true,
      description: long,
    });
    const { checkout } = await unlocked(t, buyer.token, post.id);
    await unlocked(t, buyer.token, kept.id);
    const query = `?period=day&from=${day(saleDay)}&to=${day(saleDay)}`;
    const before = await overview(t, owner.token, query);
    expect(before.totals).toEqual({ ...empty, subscriptions: 800, posts: 640 + 400, total: 1840 });
    expect(before.topPosts.map((top) => [top.id, top.earned])).toEqual([
      [post.id, 640],
      [kept.id, 400],
    ]);

    // The fan disputes the $8 unlock: its whole earning is reversed.
    const dispute = {
      event: 'charge.dispute.create',
      data: {
        id: 4_242_424,
        status: 'awaiting-merchant-feedback',
        transaction: { reference: checkout.reference },
      },
    };
    expect((await deliverEvent(t, dispute)).statusCode).toBe(200);
    await settle(t);

    // Ten days later the creator unsubscribes the fan: 666 of $10 goes back, 533 of it from the earning.
    t.clock.advance(10 * DAY);
    const token = await signIn(t, owner);
    const subscribers = await ok<SubscriberList>(call(t, 'GET', '/api/creators/me/subscribers', token));
    expect(subscribers.items.map((item) => item.id)).toContain(verified.subscription?.id);
    await ok(call(t, 'POST', `/api/creators/me/subscribers/${verified.subscription?.id}/unsubscribe`, token));
    await settle(t);

    const after = await overview(t, token, query);
    expect(after.buckets).toEqual([
      { start: day(saleDay), ...empty, subscriptions: 800 - 533, posts: 400, total: 267 + 400 },
    ]);
    // The ranking shows the start of a long description.
    expect(after.topPosts).toEqual([{ id: kept.id, excerpt: long.slice(0, 80), earned: 400, sales: 1 }]);
    // Nothing shows on the day of the refund: the sale's day carries it.
    const today = await overview(t, token, `?period=day&from=${day(t.clock.now())}&to=${day(t.clock.now())}`);
    expect(today.totals).toEqual(empty);
    expect(await accountBalance(t, `creator:${owner.user.id}:earnings`)).toBe(-(267 + 400));
  });

  it('defaults to the last 30 days, 12 weeks or 12 months, and refuses a bad period or range with a message', async () => {
    const owner = await creator(t);
    const today = t.clock.now();

    const days = await overview(t, owner.token);
    expect(days.period).toBe('day');
    expect(days.buckets).toHaveLength(30);
    expect(days.to).toBe(day(today));
    expect(days.buckets.at(-1)?.start).toBe(day(today));
    expect(days.buckets.every((bucket) => bucket.total === 0)).toBe(true);
    expect(days.totals).toEqual(empty);
    const weeks = await overview(t, owner.token, '?period=week');
    expect(weeks.buckets).toHaveLength(12);
    expect(weeks.buckets.at(-1)?.start).toBe(mondayOf(today));
    const months = await overview(t, owner.token, '?period=month');
    expect(months.buckets).toHaveLength(12);
    expect(months.buckets.at(-1)?.start).toBe(monthOf(today));
    expect(months.buckets[0]?.start.slice(8)).toBe('01');

    // The longest ranges allowed.
    expect(
      (await overview(t, owner.token, '?period=day&from=2026-01-01&to=2026-03-31')).buckets,
    ).toHaveLength(90);
    expect(
      (await overview(t, owner.token, '?period=month&from=2025-01-15&to=2026-12-02')).buckets,
    ).toHaveLength(24);
    const widened = await overview(t, owner.token, '?period=week&from=2026-11-25&to=2026-11-25');
    expect(widened).toMatchObject({ from: '2026-11-23', to: '2026-11-29' });

    const refusals: [string, string][] = [
      ['?period=year', 'Choose a period: day, week or month'],
      ['?from=2026-02-30', 'Please choose a valid date (YYYY-MM-DD)'],
      ['?to=yesterday', 'Please choose a valid date (YYYY-MM-DD)'],
      ['?from=2026-03-02&to=2026-03-01', 'The start date must be on or before the end date'],
      ['?period=day&from=2026-01-01&to=2026-04-01', 'Choose a shorter range: at most 90 days at a time'],
      ['?period=week&from=2026-01-05&to=2026-07-06', 'Choose a shorter range: at most 26 weeks at a time'],
      ['?period=month&from=2024-01-01&to=2026-01-01', 'Choose a shorter range: at most 24 months at a time'],
      [`?from=${day(addDays(today, 3))}`, 'The start date must be on or before the end date'],
    ];
    for (const [query, message] of refusals) {
      const answer = await call(t, 'GET', `/api/wallet/earnings${query}`, owner.token);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json().message, query).toBe(message);
    }
  });
});

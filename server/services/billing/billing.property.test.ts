import { and, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SANDBOX_SIGNATURE_HEADER,
  SANDBOX_WEBHOOK_PATH,
  sandboxWebhookSecret,
} from '../../adapters/payments/sandbox/sandbox-provider.ts';
import { signBody } from '../../adapters/payments/signature.ts';
import {
  creatorProfiles,
  creatorSubscriptions,
  fanPayments,
  ledgerEntries,
  ledgerTransactions,
  payments,
  postPurchases,
  posts,
  subscriptions,
  users,
} from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { hasAccess } from '../../policies/actions/payments.ts';
import type { UserRecord } from '../../repositories/auth/users.repository.ts';
import { assertLedgerBalanced } from '../../repositories/billing/core/ledger.repository.ts';
import { createFanPaymentTestApp, DAY, type FanPaymentTestApp } from '../../test/billing/fan-payments.ts';

/**
 * Random sequences of what fans, creators, agents and the provider do to payments, in any order:
 * checkouts (post unlocks, fan subscriptions, agent plans), the provider's page (pay, decline,
 * cancel), verify calls, webhook redeliveries, a creator ending a subscription with its pro-rata
 * refund, chargebacks, and time passing. After each sequence: the ledger balances, nobody paid
 * twice for one thing, and every entitlement rests on a settled payment.
 *
 * One app and database serve every run; each sequence gets fresh users, a creator and a post.
 * BILLING_PROPERTY_RUNS sets how many sequences (`npm run test:billing-property` runs 20,000).
 */
const RUNS = Number(process.env.BILLING_PROPERTY_RUNS ?? 1000);

type Item = 'post' | 'monthly' | 'three_months' | 'six_months' | 'twelve_months' | 'agent_plan';
type Op =
  | { op: 'checkout'; fan: number; item: Item }
  /** One tap with the saved card (twice at once when `double`), for a post or a fan plan. */
  | { op: 'oneTap'; fan: number; item: Exclude<Item, 'agent_plan'>; double: boolean }
  /** `failing`: the card paid with declines later charges (renewals and one-tap payments). */
  | { op: 'page'; ref: number; action: 'pay' | 'decline' | 'cancel'; failing?: boolean }
  | { op: 'verify'; ref: number }
  | { op: 'redeliver'; ref: number }
  | { op: 'unsubscribe'; fan: number }
  | { op: 'chargeback'; ref: number }
  | { op: 'time'; days: number };

const FANS = 2;
const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('checkout' as const),
      fan: fc.nat(FANS - 1),
      item: fc.constantFrom<Item>(
        'post',
        'monthly',
        'three_months',
        'six_months',
        'twelve_months',
        'agent_plan',
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('oneTap' as const),
      fan: fc.nat(FANS - 1),
      item: fc.constantFrom<Exclude<Item, 'agent_plan'>>('post', 'post', 'monthly', 'six_months'),
      double: fc.boolean(),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      failing: fc.constantFrom(false, false, false, true),
      op: fc.constant('page' as const),
      ref: fc.nat(5),
      action: fc.constantFrom(
        'pay' as const,
        'pay' as const,
        'pay' as const,
        'decline' as const,
        'cancel' as const,
      ),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('verify' as const), ref: fc.nat(5) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('redeliver' as const), ref: fc.nat(5) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('unsubscribe' as const), fan: fc.nat(FANS - 1) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('chargeback' as const), ref: fc.nat(5) }) },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('time' as const), days: fc.integer({ min: 1, max: 40 }) }),
  },
);

interface Checkout {
  reference: string;
  fan: number;
  agentPlan: boolean;
}

describe('billing properties', () => {
  let t: FanPaymentTestApp;
  let sequence = 0;
  /** What the sequences reached, so a generator that never gets anywhere fails the test. */
  const seen = {
    settled: 0,
    purchases: 0,
    chargebacks: 0,
    refunds: 0,
    plans: 0,
    subscriptions: 0,
    oneTap: 0,
    oneTapDeclined: 0,
  };

  beforeAll(async () => {
    t = await createFanPaymentTestApp('sandbox');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.app.services.database.db;
  const billing = () => {
    const fanPayments = t.app.services.fanPayments;
    if (!fanPayments) throw new Error('fan payments are not wired');
    return { fanPayments, agentPlans: t.app.services.payments };
  };
  const sandbox = () => {
    const provider = t.app.services.payments.providers.sandbox;
    if (!provider) throw new Error('no sandbox provider');
    return provider;
  };
  const idle = async () => {
    await t.app.services.payments.webhookDelivery.idle();
  };

  /** Fresh people and things for one sequence, written straight to the database (no sign-up cost). */
  async function world() {
    sequence += 1;
    const tag = `${process.pid}-${sequence}-${Math.random().toString(36).slice(2, 8)}`;
    const now = t.clock.now();
    const inserted = await db()
      .insert(users)
      .values(
        Array.from({ length: FANS + 1 }, (_, i) => ({
          email: `prop-${tag}-${i}@example.test`,
          firstName: i === 0 ? 'Creator' : `Fan${i}`,
          isEmailVerified: true,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning();
    const [creatorUser, ...fans] = inserted as [UserRecord, ...UserRecord[]];
    const [creator] = await db()
      .insert(creatorProfiles)
      .values({
        userId: creatorUser.id,
        handle: `prop${tag.replace(/[^a-z0-9]/gi, '')}`,
        displayName: 'Property Creator',
        status: 'approved',
        monthlyPriceCents: 500 + (sequence % 17) * 37,
        // Both bundles offered, at discounts across the whole 0..60 range.
        threeMonthDiscountPercent: sequence % 61,
        twelveMonthDiscountPercent: (sequence * 7) % 61,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!creator) throw new Error('creator not inserted');
    const [post] = await db()
      .insert(posts)
      .values({
        creatorId: creator.id,
        visibility: 'pay_per_view',
        priceCents: 199 + (sequence % 13) * 50,
        youtubeId: 'dQw4w9WgXcQ',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!post) throw new Error('post not inserted');
    return { creatorUser, creator, post, fans };
  }

  type World = Awaited<ReturnType<typeof world>>;

  /** Expected refusals (409 already owned, 403 not allowed...) are part of the game; anything else is not. */
  async function tolerate(work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
    } catch (error) {
      if (error instanceof AppError && error.statusCode < 500) return;
      throw error;
    }
  }

  async function run(w: World, ops: Op[]): Promise<void> {
    const { fanPayments, agentPlans } = billing();
    const checkouts: Checkout[] = [];
    const pick = (ref: number) => checkouts[ref % Math.max(checkouts.length, 1)];
    for (const step of ops) {
      const fan = 'fan' in step ? (w.fans[step.fan] as UserRecord) : null;
      switch (step.op) {
        case 'checkout': {
          if (!fan) break;
          await tolerate(async () => {
            const started =
              step.item === 'post'
                ? await fanPayments.checkout
                    .unlock(fan, w.post.id)
                    .then((answer) => ('checkout' in answer ? answer.checkout : Promise.reject(answer)))
                : step.item === 'agent_plan'
                  ? await agentPlans.checkout.initialize(fan, 'starter', 'monthly')
                  : await fanPayments.checkout
                      .subscribe(fan, w.creator.handle, step.item)
                      .then((answer) => ('checkout' in answer ? answer.checkout : Promise.reject(answer)));
            checkouts.push({
              reference: started.reference,
              fan: step.fan,
              agentPlan: step.item === 'agent_plan',
            });
          });
          break;
        }
        case 'oneTap': {
          if (!fan) break;
          const tap = () =>
            tolerate(async () => {
              const started =
                step.item === 'post'
                  ? await fanPayments.checkout.unlock(fan, w.post.id, undefined, 'saved_card')
                  : await fanPayments.checkout.subscribe(fan, w.creator.handle, step.item, {
                      payWith: 'saved_card',
                    });
              const reference = 'charged' in started ? started.charged.payment.reference : null;
              if (reference && !checkouts.some((c) => c.reference === reference))
                checkouts.push({ reference, fan: step.fan, agentPlan: false });
            });
          await Promise.all(step.double ? [tap(), tap()] : [tap()]);
          break;
        }
        case 'page': {
          const checkout = pick(step.ref);
          if (checkout)
            await sandbox().complete(checkout.reference, step.action, {
              failRenewals: step.failing === true,
            });
          break;
        }
        case 'verify': {
          const checkout = pick(step.ref);
          if (!checkout) break;
          const owner = w.fans[checkout.fan] as UserRecord;
          await tolerate(() =>
            checkout.agentPlan
              ? agentPlans.checkout.verify(owner, checkout.reference)
              : fanPayments.checkout.verify(owner, checkout.reference),
          );
          break;
        }
        case 'redeliver': {
          const checkout = pick(step.ref);
          const webhook = checkout ? await sandbox().webhookFor(checkout.reference) : null;
          if (webhook) await deliver(webhook.rawBody);
          break;
        }
        case 'chargeback': {
          const checkout = pick(step.ref);
          if (!checkout) break;
          await deliver(
            JSON.stringify({
              event: 'charge.dispute.create',
              data: { id: `${checkout.reference}-dispute`, transaction: { reference: checkout.reference } },
            }),
          );
          break;
        }
        case 'unsubscribe': {
          if (!fan) break;
          const [sub] = await db()
            .select({ id: creatorSubscriptions.id })
            .from(creatorSubscriptions)
            .where(
              and(eq(creatorSubscriptions.fanId, fan.id), eq(creatorSubscriptions.creatorId, w.creator.id)),
            );
          if (sub) await tolerate(() => fanPayments.subscriptions.unsubscribe(w.creatorUser, sub.id));
          break;
        }
        case 'time':
          // Deliveries in flight land first: days pass after them, not across them.
          await idle();
          t.clock.advance(step.days * DAY);
          break;
      }
    }
    await idle();
  }

  async function deliver(rawBody: string): Promise<void> {
    const response = await t.app.inject({
      method: 'POST',
      url: SANDBOX_WEBHOOK_PATH,
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: signBody(sandboxWebhookSecret(t.config.appSecret), rawBody),
      },
      payload: rawBody,
    });
    // 409: a charge.success the provider has not confirmed yet; anything else but 200 is a bug.
    if (response.statusCode !== 200 && response.statusCode !== 409)
      throw new Error(`webhook answered ${response.statusCode}: ${response.body}`);
  }

  async function check(w: World): Promise<void> {
    const fanIds = w.fans.map((fan) => fan.id);
    const now = t.clock.now();

    // The ledger balances: every transaction of these payments sums to zero per currency.
    const unbalanced = await db()
      .select({ id: ledgerEntries.transactionId })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .leftJoin(fanPayments, eq(fanPayments.id, ledgerTransactions.fanPaymentId))
      .leftJoin(payments, eq(payments.id, ledgerTransactions.paymentId))
      .where(sql`${fanPayments.fanId} in ${fanIds} or ${payments.userId} in ${fanIds}`)
      .groupBy(ledgerEntries.transactionId, ledgerEntries.currency)
      .having(sql`sum(${ledgerEntries.amount}) <> 0`);
    expect(unbalanced).toEqual([]);

    const paid = await db().select().from(fanPayments).where(inArray(fanPayments.fanId, fanIds));
    const settled = paid.filter((p) => p.status === 'succeeded');
    seen.settled += settled.length;
    seen.oneTap += settled.filter((p) => p.method === 'saved_card').length;
    seen.oneTapDeclined += paid.filter((p) => p.method === 'saved_card' && p.status === 'failed').length;
    seen.chargebacks += settled.filter((p) => p.chargedBackAt).length;
    seen.refunds += paid.filter((p) => p.refundedAmount > 0).length;

    // Each settled fan payment is posted once as a charge; nothing else is charged.
    const charges = await db()
      .select({ fanPaymentId: ledgerTransactions.fanPaymentId })
      .from(ledgerTransactions)
      .where(
        and(
          inArray(
            ledgerTransactions.fanPaymentId,
            paid.length ? paid.map((p) => p.id) : ['00000000-0000-0000-0000-000000000000'],
          ),
          eq(ledgerTransactions.kind, 'creator_charge'),
        ),
      );
    expect(charges.map((c) => c.fanPaymentId).sort()).toEqual(settled.map((p) => p.id).sort());

    // Nobody paid twice for one thing: one settled unlock per fan and post...
    for (const fanId of fanIds) {
      const unlocks = settled.filter((p) => p.fanId === fanId && p.purpose === 'post_unlock');
      expect(unlocks.length).toBeLessThanOrEqual(1);
      // ...and no two settled subscription payments the fan kept cover the same time. A payment
      // charged back or refunded gave its time back (the subscription ended then), so a new period
      // may start inside what it once covered.
      const periods = settled
        .filter(
          (p) =>
            p.fanId === fanId &&
            (p.purpose === 'subscription_start' || p.purpose === 'subscription_renewal') &&
            p.chargedBackAt === null &&
            p.refundStatus === null &&
            p.refundedAmount === 0,
        )
        .map((p) => [p.periodStart?.getTime() ?? Number.NaN, p.periodEnd?.getTime() ?? Number.NaN] as const)
        .sort((a, b) => a[0] - b[0]);
      for (const [start, end] of periods) expect(end).toBeGreaterThan(start);
      for (let i = 1; i < periods.length; i += 1)
        expect(periods[i]?.[0]).toBeGreaterThanOrEqual(periods[i - 1]?.[1] ?? Number.NaN);
    }

    // Every entitlement rests on a settled payment: purchases...
    const purchases = await db().select().from(postPurchases).where(inArray(postPurchases.fanId, fanIds));
    seen.purchases += purchases.length;
    for (const purchase of purchases) {
      const payment = settled.find((p) => p.id === purchase.paymentId);
      expect(payment, 'a purchase without a settled payment').toBeDefined();
      expect(payment).toMatchObject({ fanId: purchase.fanId, postId: purchase.postId, chargedBackAt: null });
    }
    for (const payment of settled.filter((p) => p.purpose === 'post_unlock' && !p.chargedBackAt))
      expect(purchases.some((purchase) => purchase.paymentId === payment.id)).toBe(true);

    // ...fan subscriptions with access now...
    const subs = await db()
      .select()
      .from(creatorSubscriptions)
      .where(inArray(creatorSubscriptions.fanId, fanIds));
    seen.subscriptions += subs.length;
    for (const sub of subs.filter((s) => hasAccess(s, now))) {
      // A payment charged back or refunded (the creator ended the subscription) gave its time back.
      const covering = settled.filter(
        (p) =>
          p.subscriptionId === sub.id &&
          !p.chargedBackAt &&
          p.refundStatus === null &&
          p.refundedAmount === 0 &&
          (p.periodStart?.getTime() ?? Infinity) <= now.getTime() &&
          (p.periodEnd?.getTime() ?? 0) > now.getTime(),
      );
      expect(covering.length, 'access without a settled payment for this moment').toBe(1);
      expect(sub.currentPeriodEnd.getTime()).toBeLessThanOrEqual(
        Math.max(
          ...settled.filter((p) => p.subscriptionId === sub.id).map((p) => p.periodEnd?.getTime() ?? 0),
        ),
      );
    }

    // ...and agent plans: every plan was started by a settled payment of its owner, one live at most.
    const plans = await db().select().from(subscriptions).where(inArray(subscriptions.userId, fanIds));
    const planPayments = await db().select().from(payments).where(inArray(payments.userId, fanIds));
    seen.plans += plans.length;
    for (const plan of plans) {
      const started = planPayments.filter(
        (p) => p.subscriptionId === plan.id && p.status === 'succeeded' && p.purpose !== 'renewal',
      );
      expect(started).toHaveLength(1);
    }
    for (const fanId of fanIds) {
      const live = plans.filter(
        (p) => p.userId === fanId && ['trialing', 'active', 'past_due'].includes(p.status),
      );
      expect(live.length).toBeLessThanOrEqual(1);
    }
  }

  it(`keeps the ledger balanced, charges once and backs every entitlement (${RUNS} sequences)`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArbitrary, { minLength: 2, maxLength: 8 }), async (ops) => {
        const w = await world();
        await run(w, ops);
        await check(w);
      }),
      {
        numRuns: RUNS,
        // Paths every run starts with: an unlock charged back, an agent plan, a subscription ended with a
        // refund, and a paid-up subscription charged back before its extension is paid.
        examples: [
          [
            // A card saved by a page payment, then one-tap payments: a double tap on a plan, a post
            // bought twice at once; the other fan has no card yet, then one that declines.
            [
              { op: 'checkout', fan: 0, item: 'post' },
              { op: 'page', ref: 0, action: 'pay' },
              { op: 'verify', ref: 0 },
              { op: 'oneTap', fan: 0, item: 'monthly', double: true },
              { op: 'oneTap', fan: 1, item: 'post', double: true },
              { op: 'checkout', fan: 1, item: 'monthly' },
              { op: 'page', ref: 2, action: 'pay', failing: true },
              { op: 'verify', ref: 2 },
              { op: 'oneTap', fan: 1, item: 'post', double: false },
              { op: 'chargeback', ref: 1 },
            ],
          ],
          [
            [
              { op: 'checkout', fan: 1, item: 'monthly' },
              { op: 'checkout', fan: 0, item: 'post' },
              { op: 'page', ref: 0, action: 'pay', failing: false },
              { op: 'checkout', fan: 1, item: 'twelve_months' },
              { op: 'chargeback', ref: 0 },
              { op: 'page', ref: 2, action: 'pay' },
            ],
          ],
          [
            [
              { op: 'checkout', fan: 0, item: 'post' },
              { op: 'page', ref: 0, action: 'pay', failing: false },
              { op: 'verify', ref: 0 },
              { op: 'chargeback', ref: 0 },
              { op: 'redeliver', ref: 0 },
              { op: 'checkout', fan: 1, item: 'agent_plan' },
              { op: 'page', ref: 1, action: 'pay' },
              { op: 'checkout', fan: 1, item: 'post' },
              { op: 'page', ref: 2, action: 'pay' },
            ],
          ],
          [
            [
              { op: 'checkout', fan: 1, item: 'monthly' },
              { op: 'page', ref: 0, action: 'pay', failing: false },
              { op: 'time', days: 3 },
              { op: 'unsubscribe', fan: 1 },
              { op: 'redeliver', ref: 0 },
              { op: 'verify', ref: 0 },
            ],
          ],
        ],
      },
    );
    await assertLedgerBalanced(db());
    // The sequences reached every kind of outcome (with a small count, only the commonest ones).
    const reached = JSON.stringify(seen);
    expect(seen.settled, reached).toBeGreaterThan(0);
    expect(seen.purchases, reached).toBeGreaterThan(0);
    expect(seen.subscriptions, reached).toBeGreaterThan(0);
    expect(seen.plans, reached).toBeGreaterThan(0);
    if (RUNS >= 200) {
      expect(seen.chargebacks, reached).toBeGreaterThan(0);
      expect(seen.refunds, reached).toBeGreaterThan(0);
      expect(seen.oneTap, reached).toBeGreaterThan(0);
      expect(seen.oneTapDeclined, reached).toBeGreaterThan(0);
    }
  }, 3_600_000);
});

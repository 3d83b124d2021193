import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { rowsOf } from '../../rows.ts';
import { earningsAccountId } from '../core/ledger.repository.ts';

export type EarningsUnit = 'day' | 'week' | 'month';

/** One bucket's net earnings per kind of payment (cents, creator's sign). */
export interface EarningsBucketRow {
  /** The bucket's first day, YYYY-MM-DD (UTC). */
  start: string;
  subscriptions: number;
  renewals: number;
  tips: number;
  posts: number;
  messages: number;
}

export interface TopPostRow {
  id: string;
  excerpt: string;
  earned: number;
  sales: number;
}

export interface TopMessageRow extends TopPostRow {
  conversationId: string;
}

export interface EarningsRows {
  /** Only buckets with earnings, oldest first. */
  buckets: EarningsBucketRow[];
  topPosts: TopPostRow[];
  topMessages: TopMessageRow[];
}

/** json columns arrive parsed from PGlite and node-postgres alike; a string is parsed here. */
const jsonOf = <T>(value: unknown): T[] =>
  (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as T[];

const numbersOf = <T extends object>(row: T, keys: readonly (keyof T)[]): T => {
  const copy = { ...row };
  for (const key of keys) copy[key] = Number(copy[key] ?? 0) as T[keyof T];
  return copy;
};

/**
 * A creator's earnings, read from the ledger: the entries of `creator:<userId>:earnings` that fan
 * payments posted (server/services/billing/fan-payments/ledger-postings.ts), summed per payment.
 *
 * Why the ledger and not `fan_payments` columns: the ledger holds exactly the creator's part of each
 * charge (amount - fee) and of each reversal. A refund takes back the fee and the earning in
 * proportion with rounding (`splitRefund` in services/billing/fan-payments/pricing.ts), and a
 * chargeback reverses whatever was still posted after earlier refunds (`chargebackPosting`); neither
 * can be recomputed from `refunded_amount` and `charged_back_at` without repeating that logic, and a
 * difference would show as earnings the wallet (`ledger.balances`, the same account) does not have.
 *
 * A payment's net (charge minus its reversals) is counted in the bucket of its `paid_at`, so a
 * later refund lowers the day of the sale instead of making a negative bar on the day of the refund.
 * One query: the per-payment nets, then the buckets (date_trunc in UTC) and the top posts and
 * messages from them, answered as one row of three json arrays.
 */
export function createEarningsRepository(db: Database) {
  return {
    async overview(
      creatorUserId: string,
      options: {
        unit: EarningsUnit;
        from: Date;
        until: Date;
        currency: string;
        top: number;
        excerpt: number;
      },
    ): Promise<EarningsRows> {
      const account = earningsAccountId(creatorUserId);
      const result = await db.execute(sql`
        with earned as (
          select p.id, p.purpose, p.paid_at, p.post_id, p.message_id, -sum(e.amount) as net
          from ledger_entries e
          join ledger_transactions t on t.id = e.transaction_id
          join fan_payments p on p.id = t.fan_payment_id
          where e.account_id = ${account}
            and e.currency = ${options.currency}
            and p.creator_user_id = ${creatorUserId}
            and p.paid_at >= ${options.from.toISOString()}::timestamptz
            and p.paid_at < ${options.until.toISOString()}::timestamptz
          group by p.id
        ),
        buckets as (
          select
            to_char(date_trunc(${options.unit}::text, paid_at at time zone 'UTC'), 'YYYY-MM-DD') as start,
            coalesce(sum(net) filter (where purpose = 'subscription_start'), 0) as subscriptions,
            coalesce(sum(net) filter (where purpose = 'subscription_renewal'), 0) as renewals,
            coalesce(sum(net) filter (where purpose = 'tip'), 0) as tips,
            coalesce(sum(net) filter (where purpose = 'post_unlock'), 0) as posts,
            coalesce(sum(net) filter (where purpose = 'message_unlock'), 0) as messages
          from earned
          group by 1
        ),
        top_posts as (
          select po.id, left(po.description, ${options.excerpt}::int) as excerpt,
            sum(earned.net) as earned, count(*) filter (where earned.net > 0) as sales
          from earned join posts po on po.id = earned.post_id
          where earned.purpose = 'post_unlock'
          group by po.id
          having sum(earned.net) > 0
          order by earned desc, po.id
          limit ${options.top}::int
        ),
        top_messages as (
          select ms.id, ms.conversation_id as "conversationId", left(ms.body, ${options.excerpt}::int) as excerpt,
            sum(earned.net) as earned, count(*) filter (where earned.net > 0) as sales
          from earned join messages ms on ms.id = earned.message_id
          where earned.purpose = 'message_unlock'
          group by ms.id
          having sum(earned.net) > 0
          order by earned desc, ms.id
          limit ${options.top}::int
        )
        select
          (select coalesce(json_agg(b order by b.start), '[]'::json) from buckets b) as buckets,
          (select coalesce(json_agg(tp order by tp.earned desc, tp.id), '[]'::json) from top_posts tp) as top_posts,
          (select coalesce(json_agg(tm order by tm.earned desc, tm.id), '[]'::json) from top_messages tm) as top_messages
      `);
      const [row] = rowsOf(result);
      return {
        buckets: jsonOf<EarningsBucketRow>(row?.buckets).map((bucket) =>
          numbersOf(bucket, ['subscriptions', 'renewals', 'tips', 'posts', 'messages']),
        ),
        topPosts: jsonOf<TopPostRow>(row?.top_posts).map((post) => numbersOf(post, ['earned', 'sales'])),
        topMessages: jsonOf<TopMessageRow>(row?.top_messages).map((message) =>
          numbersOf(message, ['earned', 'sales']),
        ),
      };
    },
  };
}

export type EarningsRepository = ReturnType<typeof createEarningsRepository>;

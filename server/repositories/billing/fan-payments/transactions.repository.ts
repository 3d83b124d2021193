import { type SQL, sql } from 'drizzle-orm';
import type { TransactionKind, TransactionStatus } from '../../../../common/schemas/fan-payments.ts';
import type { Database } from '../../../db/client.ts';
import { hiddenTransactions } from '../../../db/schema/index.ts';
import { rowsOf } from '../../rows.ts';

export interface TransactionRow {
  id: string;
  kind: TransactionKind;
  transactionId: string;
  /** The other side by name and @handle (see transactionSchema): never an email. */
  name: string;
  handle: string | null;
  amount: number;
  currency: string;
  direction: 'debit' | 'credit';
  status: TransactionStatus;
  paymentMethod: string;
  description: string;
  date: Date;
  /** The fan payment behind the row (null for payouts). */
  fanPaymentId: string | null;
}

export interface TransactionFilters {
  query?: string;
  status?: TransactionStatus;
  from?: Date;
  /** Exclusive. */
  to?: Date;
}

const escapeLike = (value: string) => value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

const toDate = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));

/**
 * The user's transaction list, read from the payments and the ledger: their own payments to
 * creators and the refunds of them; for creators also their earnings, the reversals of earnings
 * and their payouts. Hidden rows (Delete) are left out for this user only; nothing is changed.
 */
export function createTransactionsRepository(db: Database) {
  // The plan names of common/schemas/pricing.ts (`creatorPlanNames`).
  const planName = sql`case fp.plan when 'three_months' then '3 Months' when 'six_months' then '6 Months' when 'twelve_months' then '12 Months' else 'Monthly' end`;
  const creatorName = sql`coalesce(cp.display_name, 'a creator')`;
  const fanName = sql`coalesce(fcp.display_name, nullif(trim(fan.first_name || ' ' || fan.last_name), ''), 'Fanplace member')`;
  // The fan's own creator page, when approved: its name and handle are public.
  const fanPage = sql`left join creator_profiles fcp on fcp.user_id = fan.id and fcp.status = 'approved'`;
  const ownName = sql`coalesce(cp.display_name, nullif(trim(u.first_name || ' ' || u.last_name), ''), 'Fanplace member')`;
  const card = sql`case when fp.card_last4 is not null and fp.card_last4 <> '' then 'Card •••• ' || fp.card_last4 else 'Card' end`;
  // Each row in plain words from the reader's side: the fan reads what they paid for, the creator
  // who paid them; a reversal names what it took back.
  const plan = sql`' (' || ${planName} || ')'`;
  const fanPaid = sql`case fp.purpose
      when 'post_unlock' then 'You unlocked a post by ' || ${creatorName}
      when 'message_unlock' then 'You unlocked a message from ' || ${creatorName}
      when 'tip' then 'You tipped ' || ${creatorName}
      when 'subscription_renewal' then 'Your subscription to ' || ${creatorName} || ' renewed' || ${plan}
      else 'You subscribed to ' || ${creatorName} || ${plan} end`;
  const fanBought = sql`case fp.purpose
      when 'post_unlock' then 'a post by ' || ${creatorName} || ' you unlocked'
      when 'message_unlock' then 'a message from ' || ${creatorName} || ' you unlocked'
      when 'tip' then 'your tip to ' || ${creatorName}
      when 'subscription_renewal' then 'your subscription renewal with ' || ${creatorName} || ${plan}
      else 'your subscription to ' || ${creatorName} || ${plan} end`;
  const creatorEarned = sql`case fp.purpose
      when 'post_unlock' then ${fanName} || ' unlocked your post'
      when 'message_unlock' then ${fanName} || ' unlocked your message'
      when 'tip' then ${fanName} || ' tipped you'
      when 'subscription_renewal' then ${fanName} || ' renewed their subscription' || ${plan}
      else ${fanName} || ' subscribed to you' || ${plan} end`;
  const creatorSold = sql`case fp.purpose
      when 'post_unlock' then 'your post they unlocked'
      when 'message_unlock' then 'your message they unlocked'
      when 'tip' then 'their tip'
      when 'subscription_renewal' then 'their subscription renewal' || ${plan}
      else 'their subscription' || ${plan} end`;
  const reversalKinds = sql`('creator_refund', 'refund', 'chargeback')`;

  function union(userId: string): SQL {
    return sql`
      select fp.id, 'payment' as kind, fp.reference as transaction_id, ${creatorName} as name, cp.handle,
        fp.amount, fp.currency,
        'debit' as direction,
        case fp.status when 'succeeded' then 'completed' when 'pending' then 'pending' else 'failed' end as status,
        ${card} as payment_method,
        ${fanPaid} as description,
        fp.created_at as date, fp.id as fan_payment_id
      from fan_payments fp
      left join creator_profiles cp on cp.id = fp.creator_id
      where fp.fan_id = ${userId}
      union all
      select lt.id, 'refund', fp.reference, ${creatorName}, cp.handle,
        (select -sum(e.amount) from ledger_entries e where e.transaction_id = lt.id and e.account_id = 'platform:cash'),
        fp.currency, 'credit', 'completed', ${card},
        case lt.kind when 'chargeback' then 'Chargeback on ' else 'Refund for ' end || ${fanBought},
        lt.created_at, fp.id
      from ledger_transactions lt
      join fan_payments fp on fp.id = lt.fan_payment_id
      left join creator_profiles cp on cp.id = fp.creator_id
      where fp.fan_id = ${userId} and lt.kind in ${reversalKinds}
      union all
      select lt.id,
        case lt.kind when 'creator_charge' then 'earning' else 'earning_reversal' end,
        fp.reference, ${fanName}, fcp.handle,
        (select abs(sum(e.amount)) from ledger_entries e where e.transaction_id = lt.id and e.account_id = 'creator:' || fp.creator_user_id || ':earnings'),
        fp.currency,
        case lt.kind when 'creator_charge' then 'credit' else 'debit' end,
        'completed', ${card},
        case lt.kind
          when 'creator_charge' then ${creatorEarned}
          when 'chargeback' then 'Chargeback by ' || ${fanName} || ' on ' || ${creatorSold}
          else 'Refund to ' || ${fanName} || ' for ' || ${creatorSold} end,
        lt.created_at, fp.id
      from ledger_transactions lt
      join fan_payments fp on fp.id = lt.fan_payment_id
      join users fan on fan.id = fp.fan_id
      ${fanPage}
      left join creator_profiles cp on cp.id = fp.creator_id
      where fp.creator_user_id = ${userId} and lt.kind in ('creator_charge', 'creator_refund', 'chargeback')
      union all
      select p.id, 'payout', p.id::text, ${ownName}, cp.handle, p.amount, p.currency, 'credit',
        case p.status when 'paid' then 'completed' else 'pending' end,
        'Manual bank transfer',
        case p.status when 'paid' then 'Payout of your earnings, sent to you' else 'Payout of your earnings, requested' end,
        p.requested_at, null
      from payouts p
      join users u on u.id = p.creator_user_id
      left join creator_profiles cp on cp.user_id = u.id
      where p.creator_user_id = ${userId}`;
  }

  function toRow(row: Record<string, unknown>): TransactionRow {
    return {
      id: String(row.id),
      kind: row.kind as TransactionKind,
      transactionId: String(row.transaction_id),
      name: String(row.name),
      handle: row.handle ? String(row.handle) : null,
      amount: Number(row.amount ?? 0),
      currency: String(row.currency),
      direction: row.direction as 'debit' | 'credit',
      status: row.status as TransactionStatus,
      paymentMethod: String(row.payment_method),
      description: String(row.description),
      date: toDate(row.date),
      fanPaymentId: row.fan_payment_id ? String(row.fan_payment_id) : null,
    };
  }

  const visible = (userId: string) =>
    sql`not exists (select 1 from ${hiddenTransactions} h where h.user_id = ${userId} and h.item_id = t.id)`;

  return {
    async list(
      userId: string,
      options: TransactionFilters & { limit: number; before?: { at: string; id: string } },
    ): Promise<TransactionRow[]> {
      const pattern = options.query ? `%${escapeLike(options.query)}%` : null;
      const conditions: SQL[] = [visible(userId)];
      if (pattern)
        conditions.push(
          sql`(lower(t.name) like ${pattern} or lower(coalesce(t.handle, '')) like ${pattern} or lower(t.transaction_id) like ${pattern} or lower(t.description) like ${pattern})`,
        );
      if (options.status) conditions.push(sql`t.status = ${options.status}`);
      if (options.from) conditions.push(sql`t.date >= ${options.from.toISOString()}::timestamptz`);
      if (options.to) conditions.push(sql`t.date < ${options.to.toISOString()}::timestamptz`);
      if (options.before)
        conditions.push(
          sql`(t.date, t.id) < (${options.before.at}::timestamptz, ${options.before.id}::uuid)`,
        );
      const result = await db.execute(
        sql`select * from (${union(userId)}) t where ${sql.join(conditions, sql` and `)} order by t.date desc, t.id desc limit ${options.limit}`,
      );
      return rowsOf(result).map(toRow);
    },

    async find(userId: string, id: string): Promise<TransactionRow | null> {
      const result = await db.execute(
        sql`select * from (${union(userId)}) t where t.id = ${id}::uuid and ${visible(userId)}`,
      );
      const [row] = rowsOf(result);
      return row ? toRow(row) : null;
    },

    async hide(userId: string, itemId: string, now: Date): Promise<void> {
      await db.insert(hiddenTransactions).values({ userId, itemId, hiddenAt: now }).onConflictDoNothing();
    },
  };
}

export type TransactionsRepository = ReturnType<typeof createTransactionsRepository>;

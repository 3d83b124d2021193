import {
  monetizationMessages as m,
  type TransactionDetail,
  type TransactionList,
  type TransactionListQuery,
} from '../../../common/schemas/monetization.ts';
import type { PostList } from '../../../common/schemas/posts.ts';
import { notFound } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { searchTerm } from '../../lib/search-term.ts';
import type { Viewer } from '../../policies/creators.ts';
import type { FanPaymentsRepository } from '../../repositories/fan-payments.repository.ts';
import type { PurchasesRepository } from '../../repositories/purchases.repository.ts';
import type { TransactionRow, TransactionsRepository } from '../../repositories/transactions.repository.ts';
import type { PresentPosts } from '../posts/post-views.ts';
import { dayRange } from './subscriptions.service.ts';

function presentTransaction(row: TransactionRow) {
  return {
    id: row.id,
    kind: row.kind,
    transactionId: row.transactionId,
    name: row.name,
    handle: row.handle,
    amount: { amount: row.amount, currency: row.currency },
    direction: row.direction,
    status: row.status,
    paymentMethod: row.paymentMethod,
    description: row.description,
    date: row.date.toISOString(),
  };
}

/**
 * What the user paid and earned (Settings > Payment & Subscription > Transaction History) and what
 * they bought (the private profile's Purchased tab). Deleting a transaction hides it from the
 * user's own list only: payments and the ledger never change.
 */
export function createMonetizationLibrary(deps: {
  transactions: TransactionsRepository;
  payments: Pick<FanPaymentsRepository, 'findById'>;
  purchases: PurchasesRepository;
  present: PresentPosts;
  clock: Clock;
}) {
  return {
    async transactions(
      user: Viewer,
      query: Omit<TransactionListQuery, 'limit'> & { limit: number },
    ): Promise<TransactionList> {
      const before = decodeCursor(query.cursor, ['at', 'id']);
      const rows = await deps.transactions.list(user.id, {
        limit: query.limit + 1,
        ...(searchTerm(query.q) ? { query: searchTerm(query.q) } : {}),
        ...(query.status ? { status: query.status } : {}),
        ...dayRange(query.from, query.to),
        ...(before ? { before } : {}),
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map(presentTransaction),
        nextCursor:
          rows.length > query.limit && last
            ? encodeCursor({ at: last.date.toISOString(), id: last.id })
            : null,
      };
    },

    async transaction(user: Viewer, id: string): Promise<TransactionDetail> {
      const row = await deps.transactions.find(user.id, id);
      if (!row) throw notFound(m.transactionNotFound);
      const payment = row.fanPaymentId ? await deps.payments.findById(row.fanPaymentId) : null;
      const settled = payment?.status === 'succeeded' && payment.feeAmount !== null;
      const isFan = payment?.fanId === user.id;
      return {
        ...presentTransaction(row),
        breakdown:
          payment && settled
            ? {
                gross: { amount: payment.amount, currency: payment.currency },
                platformFee: { amount: payment.feeAmount ?? 0, currency: payment.currency },
                creatorEarning: {
                  amount: payment.amount - (payment.feeAmount ?? 0),
                  currency: payment.currency,
                },
              }
            : null,
        refunded:
          payment && isFan && payment.refundedAmount > 0
            ? { amount: payment.refundedAmount, currency: payment.currency }
            : null,
      };
    },

    async hide(user: Viewer, id: string): Promise<void> {
      const row = await deps.transactions.find(user.id, id);
      if (!row) throw notFound(m.transactionNotFound);
      await deps.transactions.hide(user.id, id, deps.clock.now());
    },

    async purchases(user: Viewer, options: { limit: number; cursor?: string }): Promise<PostList> {
      const before = decodeCursor(options.cursor, ['at', 'id']);
      const rows = await deps.purchases.purchasedBy({
        userId: user.id,
        limit: options.limit + 1,
        ...(before ? { before } : {}),
      });
      const page = rows.slice(0, options.limit);
      const last = page.at(-1);
      return {
        items: await deps.present(user, page),
        nextCursor:
          rows.length > options.limit && last
            ? encodeCursor({ at: last.purchasedAt.toISOString(), id: last.post.id })
            : null,
      };
    },
  };
}

export type MonetizationLibrary = ReturnType<typeof createMonetizationLibrary>;

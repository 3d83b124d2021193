import {
  fanPaymentMessages as m,
  type TransactionListQuery,
} from '../../../../common/schemas/fan-payments.ts';
import { notFound } from '../../../errors.ts';
import type { Clock } from '../../../lib/clock.ts';
import { decodeCursor, keysetPage, timeKey } from '../../../lib/cursor.ts';
import { searchTerm } from '../../../lib/search-term.ts';
import { actorOf, assertCan } from '../../../policies/access.ts';
import type { Viewer } from '../../../policies/actions/creators.ts';
import type {
  FanPaymentRecord,
  FanPaymentsRepository,
} from '../../../repositories/billing/fan-payments/fan-payments.repository.ts';
import type { PurchasesRepository } from '../../../repositories/billing/fan-payments/purchases.repository.ts';
import type {
  TransactionRow,
  TransactionsRepository,
} from '../../../repositories/billing/fan-payments/transactions.repository.ts';
import type { PostRow } from '../../../repositories/posts/index.ts';
import { dayRange } from './subscriptions.service.ts';

/** One transaction with the payment behind it (null for payouts), and whether the viewer paid it. */
export interface TransactionDetails {
  row: TransactionRow;
  payment: FanPaymentRecord | null;
  isFan: boolean;
}

/**
 * What the user paid and earned (Settings > Payment & Subscription > Transaction History) and what
 * they bought (the private profile's Purchased tab). Deleting a transaction hides it from the
 * user's own list only: payments and the ledger never change.
 */
export function createFanPaymentLibrary(deps: {
  transactions: TransactionsRepository;
  payments: Pick<FanPaymentsRepository, 'findById'>;
  purchases: PurchasesRepository;
  clock: Clock;
}) {
  return {
    async transactions(
      user: Viewer,
      query: Omit<TransactionListQuery, 'limit'> & { limit: number },
    ): Promise<{ rows: TransactionRow[]; nextCursor: string | null }> {
      const before = decodeCursor(query.cursor, ['at', 'id']);
      const rows = await deps.transactions.list(user.id, {
        limit: query.limit + 1,
        ...(searchTerm(query.q) ? { query: searchTerm(query.q) } : {}),
        ...(query.status ? { status: query.status } : {}),
        ...dayRange(query.from, query.to),
        ...(before ? { before } : {}),
      });
      return keysetPage(rows, query.limit, (last) => timeKey(last.date, last.id));
    },

    async transaction(user: Viewer, id: string): Promise<TransactionDetails> {
      const row = await deps.transactions.find(user.id, id);
      assertCan(actorOf(user), 'transaction:view', { found: row !== null });
      if (!row) throw notFound(m.transactionNotFound);
      const payment = row.fanPaymentId ? await deps.payments.findById(row.fanPaymentId) : null;
      return { row, payment, isFan: payment?.fanId === user.id };
    },

    async hide(user: Viewer, id: string): Promise<void> {
      const row = await deps.transactions.find(user.id, id);
      assertCan(actorOf(user), 'transaction:view', { found: row !== null });
      await deps.transactions.hide(user.id, id, deps.clock.now());
    },

    /** The posts the user unlocked, latest purchase first: rows for the post presenter. */
    async purchases(
      user: Viewer,
      options: { limit: number; cursor?: string },
    ): Promise<{ rows: PostRow[]; nextCursor: string | null }> {
      const before = decodeCursor(options.cursor, ['at', 'id']);
      const rows = await deps.purchases.purchasedBy({
        userId: user.id,
        limit: options.limit + 1,
        ...(before ? { before } : {}),
      });
      return keysetPage(rows, options.limit, (last) => timeKey(last.purchasedAt, last.post.id));
    },
  };
}

export type FanPaymentLibrary = ReturnType<typeof createFanPaymentLibrary>;

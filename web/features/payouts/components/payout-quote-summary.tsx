import type { PayoutQuote } from '#common/schemas/payouts.ts';
import { accountLine, formatDateTime, formatMoney, formatRate } from '../format.ts';

/**
 * What a payout would be, before the creator confirms it: by transfer, the local amount the account
 * receives at the admin's rate; by hand, that an admin sends it.
 */
export function PayoutQuoteSummary({ quote }: { quote: PayoutQuote }) {
  const { local, account } = quote;
  return (
    <div role="status" className="grid gap-2 rounded-lg border border-primary/40 bg-primary/5 p-3 text-sm">
      <p>
        <span className="text-muted-foreground">Taken from your balance: </span>
        <span className="font-semibold tabular-nums">{formatMoney(quote.amount)}</span>
      </p>
      {quote.method === 'transfer' && local ? (
        <p>
          You receive <span className="font-semibold tabular-nums">{formatMoney(local.amount)}</span> at{' '}
          {formatRate(local.rate, local.amount.currency)} per $1 (rate set {formatDateTime(local.rateSetAt)}).
        </p>
      ) : (
        <p>An admin sends it by hand, by bank transfer in US dollars, and marks it paid.</p>
      )}
      {quote.method === 'transfer' && account ? (
        <p className="text-muted-foreground">
          To {accountLine(account)} ({account.accountName})
        </p>
      ) : null}
    </div>
  );
}

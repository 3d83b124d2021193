import { Banknote, Clock, Info, LineChart, Sparkles, Wallet as WalletIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import type { PayoutStatus, Wallet } from '#common/schemas/fan-payments.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ListLoadError } from '../../../components/paged-list/states.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/utils.ts';
import { useMyCreator } from '../../creators/index.ts';
import { useWallet } from '../api/get-wallet.ts';
import { formatLongDate, formatMoney } from '../format.ts';
import { RequestPayoutButton } from './request-payout-button.tsx';
import { WalletHistory } from './wallet-history.tsx';

function Balance({
  label,
  amount,
  note,
  emphasis = false,
  children,
}: {
  label: string;
  amount: string;
  note: ReactNode;
  emphasis?: boolean;
  children?: ReactNode;
}) {
  return (
    <div
      className={cn(
        'flex flex-col gap-1 rounded-2xl border border-border p-4',
        emphasis && 'col-span-2 justify-center border-primary/40 bg-primary/5 @lg:row-span-2',
      )}
    >
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className={cn('font-heading font-bold tabular-nums', emphasis ? 'text-3xl' : 'text-2xl')}>
        {amount}
      </dd>
      <dd className="text-xs text-muted-foreground">{note}</dd>
      {children ? <dd className="mt-2">{children}</dd> : null}
    </div>
  );
}

function WalletSkeleton() {
  return (
    <div role="status" aria-label="Loading your wallet" className="flex flex-col gap-4">
      <Skeleton className="h-14 rounded-2xl" />
      <div className="grid grid-cols-2 gap-3 @lg:grid-cols-4">
        <Skeleton className="col-span-2 h-36 rounded-2xl" />
        <Skeleton className="h-36 rounded-2xl" />
        <Skeleton className="h-36 rounded-2xl" />
      </div>
      <Skeleton className="h-48 rounded-2xl" />
    </div>
  );
}

function Balances({ wallet }: { wallet: Wallet }) {
  const pendingNote = wallet.nextAvailableAt
    ? `Next available on ${formatLongDate(wallet.nextAvailableAt)}`
    : `Earnings are held ${wallet.holdDays} days before payout`;
  return (
    <dl className="grid grid-cols-2 gap-3 @lg:grid-cols-4">
      <Balance label="Available" amount={formatMoney(wallet.available)} note="Ready to pay out" emphasis>
        <div className="flex flex-col gap-2">
          <RequestPayoutButton wallet={wallet} />
          <Button asChild variant="link" size="sm" className="h-auto justify-start px-0">
            <Link to={pathTo('walletPayouts')}>
              <Banknote aria-hidden="true" />
              Payout settings and history
            </Link>
          </Button>
        </div>
      </Balance>
      <Balance label="Pending" amount={formatMoney(wallet.pending)} note={pendingNote} />
      <Balance
        label="In payout"
        amount={formatMoney(wallet.inPayout)}
        note={
          wallet.openPayout
            ? `Requested ${formatLongDate(wallet.openPayout.requestedAt)}`
            : 'No payout requested'
        }
      />
      <Balance label="Paid out" amount={formatMoney(wallet.paidOut)} note="Sent to you so far" />
      <Balance
        label="Lifetime earnings"
        amount={formatMoney(wallet.lifetimeEarnings)}
        note={`Your share after the ${wallet.platformFeePercent}% platform fee`}
      />
    </dl>
  );
}

function BecomeCreator() {
  return (
    <EmptyState
      icon={WalletIcon}
      title="Your wallet opens when you become a creator"
      description="Creators earn from subscriptions and pay-per-view posts. Your balance, earnings and payouts will show here."
    >
      <Button asChild>
        <Link to={pathTo('creator')}>
          <Sparkles aria-hidden="true" />
          Become a Creator
        </Link>
      </Button>
    </EmptyState>
  );
}

/** How far the open payout got, after 'Your payout of $12.00, requested on 10 March 2026, '. */
const openPayoutPhrases: Record<PayoutStatus, string> = {
  requested: 'is waiting to be sent',
  sending: 'is on its way',
  pending: 'is on its way',
  otp: 'is waiting for approval',
  paid: 'was paid',
  failed: 'failed',
  reversed: 'was returned by the bank',
};

/** The server's sentence on how creators are paid, shown as a note (none when it is empty). */
function payoutsNote(wallet: Wallet): string | null {
  return wallet.automaticPayoutsMessage.trim() || null;
}

/**
 * The creator's wallet: balances and history computed from the ledger, a payout request (with what
 * the payout account receives), and the way to the payout settings and history.
 */
export function WalletView({ userId }: { userId: string }) {
  // Who the viewer is comes first: only a creator's wallet is asked for.
  const me = useMyCreator(userId);
  const isCreator = me.data?.creator != null;
  const wallet = useWallet(userId, isCreator);
  const failed = me.isError ? me : wallet.isError ? wallet : null;
  // A creator profile removed since (a 403) is no wallet either.
  const forbidden = wallet.error instanceof ApiError && wallet.error.status === 403;
  if (me.data && (!isCreator || forbidden)) return <BecomeCreator />;
  if (failed?.error) {
    return (
      <ListLoadError
        title="Your wallet could not be loaded"
        message={failed.error.message}
        onRetry={() => void failed.refetch()}
      />
    );
  }
  const data = wallet.data;
  if (!data) return <WalletSkeleton />;
  const note = payoutsNote(data);
  return (
    <div className="flex flex-col gap-6">
      {note ? (
        <p
          role="note"
          className="flex items-start gap-3 rounded-xl border border-border bg-muted/60 p-4 text-sm"
        >
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <span>{note}</span>
        </p>
      ) : null}
      {data.openPayout ? (
        <p className="flex items-start gap-3 rounded-xl border border-amber-500/40 bg-amber-500/10 p-4 text-sm">
          <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            Your payout of {formatMoney(data.openPayout.amount)}, requested on{' '}
            {formatLongDate(data.openPayout.requestedAt)}, {openPayoutPhrases[data.openPayout.status]}.{' '}
            <Link to={pathTo('walletPayouts')} className="font-medium underline underline-offset-4">
              See its progress
            </Link>
          </span>
        </p>
      ) : null}
      <section aria-labelledby="wallet-balances" className="flex flex-col gap-3">
        <h2 id="wallet-balances" className="sr-only">
          Balances
        </h2>
        <Balances wallet={data} />
      </section>
      <section aria-labelledby="wallet-history" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="wallet-history" className="font-heading text-lg font-semibold">
            Earnings history
          </h2>
          <Button asChild variant="outline" size="sm">
            <Link to={pathTo('walletEarnings')}>
              <LineChart aria-hidden="true" />
              Earnings overview
            </Link>
          </Button>
        </div>
        <WalletHistory userId={userId} first={data.history} />
      </section>
    </div>
  );
}

import { Banknote, KeyRound, LoaderCircle, RefreshCw, TriangleAlert } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import type { AdminPayoutDetail } from '#common/schemas/payouts.ts';
import { Button } from '../../../components/ui/button.tsx';
import { formatLongDateTime, formatMoney } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useVerifyPayout } from '../api/admin-payout-actions.ts';
import { canCheckPayout } from '../payout-labels.ts';
import { AdminPayoutsMarkPaidDialog } from './admin-payouts-mark-paid-dialog.tsx';
import { AdminPayoutsOtpDialog } from './admin-payouts-otp-dialog.tsx';
import { AdminPayoutStatusBadge } from './admin-payouts-status.tsx';

const methodLabel = (payout: AdminPayoutDetail) =>
  `${payout.method === 'transfer' ? 'Bank transfer' : 'By hand'}, ${
    payout.origin === 'weekly' ? 'weekly schedule' : 'asked by the creator'
  }`;

function details(payout: AdminPayoutDetail): { term: string; value: ReactNode }[] {
  const dates = [
    { term: 'Requested on', at: payout.requestedAt },
    { term: 'Sent on', at: payout.initiatedAt },
    { term: 'Paid on', at: payout.paidAt },
    { term: 'Returned on', at: payout.returnedAt },
    { term: 'Last checked', at: payout.lastVerifiedAt },
    { term: 'Expected by', at: payout.expectedBy },
  ];
  return [
    { term: 'Method', value: methodLabel(payout) },
    {
      term: 'Account',
      value: payout.account ? `${payout.account.bankName}, ending ${payout.account.last4}` : 'None on file',
    },
    { term: 'Reference', value: <code className="text-xs break-all">{payout.reference}</code> },
    ...(payout.transferCode
      ? [{ term: 'Transfer code', value: <code className="text-xs break-all">{payout.transferCode}</code> }]
      : []),
    ...(payout.fee ? [{ term: 'Transfer fee', value: formatMoney(payout.fee) }] : []),
    ...dates.flatMap(({ term, at }) => (at ? [{ term, value: formatLongDateTime(at) }] : [])),
    ...(payout.note ? [{ term: 'Note', value: payout.note }] : []),
  ];
}

/** One payout: who is paid, how much (and what reaches the account), where it stands, and what to do. */
export function AdminPayoutsRow({ payout }: { payout: AdminPayoutDetail }) {
  const [dialog, setDialog] = useState<'paid' | 'otp' | null>(null);
  const verify = useVerifyPayout();
  const { creator } = payout;
  const titleId = `payout-${payout.id}`;
  const closeDialog = (open: boolean) => !open && setDialog(null);

  async function check() {
    try {
      toast.success((await verify.mutateAsync(payout.id)).message);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Paystack could not be asked');
    }
  }

  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-2xl border border-border p-4 sm:p-5"
    >
      <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 id={titleId} className="font-heading font-semibold">
            {formatMoney(payout.amount)} to {creator.displayName}
          </h3>
          <p className="text-sm break-words text-muted-foreground">
            {creator.handle ? (
              <Link
                to={pathTo('publicProfile', { id: creator.handle })}
                className="hover:underline focus-visible:rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                @{creator.handle}
              </Link>
            ) : null}
            {creator.handle ? ' · ' : null}
            {creator.email}
          </p>
        </div>
        <div className="flex flex-col gap-1 sm:items-end">
          <AdminPayoutStatusBadge payout={payout} className="self-start sm:self-end" />
          {payout.local ? (
            <p className="text-sm tabular-nums">
              {formatMoney(payout.local)} to the account
              {payout.rate ? (
                <span className="block text-xs text-muted-foreground">
                  at {payout.rate} {payout.local.currency} per US$1
                </span>
              ) : null}
            </p>
          ) : null}
        </div>
      </header>
      {payout.failureReason ? (
        <p className="flex gap-2 rounded-lg bg-destructive/10 p-3 text-sm">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
          <span>
            <span className="font-medium">
              Why it {payout.status === 'reversed' ? 'came back' : 'failed'}:{' '}
            </span>
            {payout.failureReason}
          </span>
        </p>
      ) : null}
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-y-2">
        {details(payout).map(({ term, value }) => (
          <div key={term} className="contents">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="mb-1 break-words sm:mb-0">{value}</dd>
          </div>
        ))}
      </dl>
      <Actions
        payout={payout}
        checking={verify.isPending}
        onCheck={() => void check()}
        onOpen={(which) => setDialog(which)}
      />
      {dialog === 'paid' ? (
        <AdminPayoutsMarkPaidDialog payout={payout} open onOpenChange={closeDialog} />
      ) : null}
      {dialog === 'otp' ? <AdminPayoutsOtpDialog payout={payout} open onOpenChange={closeDialog} /> : null}
    </article>
  );
}

function Actions({
  payout,
  checking,
  onCheck,
  onOpen,
}: {
  payout: AdminPayoutDetail;
  checking: boolean;
  onCheck: () => void;
  onOpen: (dialog: 'paid' | 'otp') => void;
}) {
  const forWhom = <span className="sr-only"> for {payout.creator.displayName}</span>;
  const markPaid = payout.method === 'manual' && payout.status === 'requested';
  const otp = payout.status === 'otp';
  const check = canCheckPayout(payout);
  if (!markPaid && !otp && !check) return null;
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
      {markPaid ? (
        <Button size="sm" onClick={() => onOpen('paid')}>
          <Banknote aria-hidden="true" />
          Mark paid{forWhom}
        </Button>
      ) : null}
      {otp ? (
        <Button size="sm" onClick={() => onOpen('otp')}>
          <KeyRound aria-hidden="true" />
          Enter OTP{forWhom}
        </Button>
      ) : null}
      {check ? (
        <Button
          size="sm"
          variant="outline"
          disabled={checking}
          aria-busy={checking || undefined}
          onClick={onCheck}
        >
          {checking ? (
            <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
          ) : (
            <RefreshCw aria-hidden="true" />
          )}
          {checking ? 'Checking…' : 'Check now'}
          {forWhom}
        </Button>
      ) : null}
    </div>
  );
}

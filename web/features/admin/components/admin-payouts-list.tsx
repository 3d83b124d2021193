import { Banknote } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { AdminOnlyState } from '../../../components/admin-gate.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { SettingsSection } from '../../../components/settings-section.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAdminPayouts } from '../api/get-admin-payouts.ts';
import {
  isPayoutFilter,
  PAYOUTS_TASK,
  type PayoutFilter,
  payoutFilterLabels,
  payoutFilters,
} from '../payout-labels.ts';
import { OTP_SETTING_NOTE } from './admin-payouts-otp-dialog.tsx';
import { AdminPayoutsRow } from './admin-payouts-row.tsx';
import { ListError, ListLoading, LoadMore } from './admin-states.tsx';
import { StatusToggle } from './status-toggle.tsx';

const empty: Record<PayoutFilter, { title: string; description: string }> = {
  all: {
    title: 'No payouts yet',
    description: 'Payouts creators ask for, or their weekly ones, appear here.',
  },
  queued: {
    title: 'Nothing queued',
    description: 'Payouts waiting to be sent, by transfer or by hand, appear here.',
  },
  'on-its-way': {
    title: 'Nothing on its way',
    description: 'Transfers Paystack has taken and not yet settled appear here.',
  },
  otp: { title: 'No payouts waiting for an OTP', description: OTP_SETTING_NOTE },
  paid: { title: 'No paid payouts', description: 'Payouts that reached the creator appear here.' },
  failed: {
    title: 'No failed payouts',
    description: 'When a transfer fails, the money goes back to the creator’s balance and it appears here.',
  },
  returned: {
    title: 'No returned payouts',
    description: 'When a bank sends a paid transfer back, the money returns to the creator’s balance.',
  },
};

function PayoutList({ filter }: { filter: PayoutFilter }) {
  const payouts = useAdminPayouts(filter, payoutFilters[filter].statuses);
  if (payouts.isPending) return <ListLoading label="Loading payouts…" />;
  if (payouts.isError) {
    if (payouts.error instanceof ApiError && payouts.error.status === 403)
      return <AdminOnlyState task={PAYOUTS_TASK} />;
    return <ListError message={payouts.error.message} onRetry={() => void payouts.refetch()} />;
  }
  const items = payouts.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <EmptyState icon={Banknote} {...empty[filter]} />;
  return (
    <div className="flex flex-col gap-4">
      <ul aria-label="Payouts" className="flex flex-col gap-3">
        {items.map((payout) => (
          <li key={payout.id}>
            <AdminPayoutsRow payout={payout} />
          </li>
        ))}
      </ul>
      <LoadMore
        hasMore={payouts.hasNextPage}
        loading={payouts.isFetchingNextPage}
        onLoad={() => void payouts.fetchNextPage()}
      />
    </div>
  );
}

/** Every payout by status; the filter lives in the URL so a filtered list can be shared. */
export function AdminPayoutsList() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('status');
  const filter: PayoutFilter = isPayoutFilter(requested) ? requested : 'all';

  return (
    <SettingsSection
      title="Payouts"
      description="Transfers go out on their own. Send payouts by hand yourself, then mark them paid."
    >
      <StatusToggle
        value={filter}
        labels={payoutFilterLabels}
        onChange={(next) => setParams(next === 'all' ? {} : { status: next }, { replace: true })}
      />
      <PayoutList key={filter} filter={filter} />
    </SettingsSection>
  );
}

import { AdminGate } from '../../../components/admin-gate.tsx';
import { PAYOUTS_TASK } from '../payout-labels.ts';
import { AdminPayoutsList } from './admin-payouts-list.tsx';
import { AdminPayoutsRates } from './admin-payouts-rates.tsx';
import { AdminPayoutsReconcile } from './admin-payouts-reconcile.tsx';

/** The admin's payouts page: every payout and what to do with it, the exchange rates, and the reconciliation. */
export function AdminPayoutsView() {
  return (
    <AdminGate task={PAYOUTS_TASK}>
      <div className="flex flex-col gap-8">
        <AdminPayoutsList />
        <AdminPayoutsRates />
        <AdminPayoutsReconcile />
      </div>
    </AdminGate>
  );
}

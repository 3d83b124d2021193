import { PageHeader } from '../../components/page-header.tsx';
import { AdminPayoutsView } from '../../features/fan-payments/index.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

function AdminPayoutsPage() {
  useDocumentTitle('Payouts');
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title="Payouts"
        description="Send each requested payout by bank transfer, then mark it paid. Automatic payouts are coming."
      />
      <AdminPayoutsView />
    </div>
  );
}

export { AdminPayoutsPage as Component };

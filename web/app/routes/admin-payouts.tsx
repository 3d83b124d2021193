import { PageHeader } from '../../components/page-header.tsx';
import { AdminPayoutsView } from '../../features/admin/components/admin-payouts-view.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

function AdminPayoutsPage() {
  useDocumentTitle('Payouts');
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title="Payouts"
        description="Payouts go to creators by bank transfer on their own. Payouts by hand you send yourself, then mark paid here."
      />
      <AdminPayoutsView />
    </div>
  );
}

export { AdminPayoutsPage as Component };

import { PageHeader } from '../../components/page-header.tsx';
import { AdminReportsView } from '../../features/admin/components/admin-reports-view.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

function AdminReportsPage() {
  useDocumentTitle('Reports');
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title="Reports"
        description="Resolve each report within 7 days: remove the content, suspend the account, or say why not."
      />
      <AdminReportsView />
    </div>
  );
}

export { AdminReportsPage as Component };

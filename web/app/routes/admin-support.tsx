import { PageHeader } from '../../components/page-header.tsx';
import { AdminSupportView } from '../../features/admin/components/admin-support-view.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

function AdminSupportPage() {
  useDocumentTitle('Support requests');
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title="Support requests"
        description="Messages sent through Contact Support. Users were promised a reply within 24 hours."
      />
      <AdminSupportView />
    </div>
  );
}

export { AdminSupportPage as Component };

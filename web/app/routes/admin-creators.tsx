import { PageHeader } from '../../components/page-header.tsx';
import { AdminCreatorsView } from '../../features/admin/components/admin-creators-view.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

function AdminCreatorsPage() {
  useDocumentTitle('Creator review');
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title="Creator review" description="Check new creators' details and identity documents." />
      <AdminCreatorsView />
    </div>
  );
}

export { AdminCreatorsPage as Component };

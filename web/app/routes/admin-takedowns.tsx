import { PageHeader } from '../../components/page-header.tsx';
import { AdminTakedownsView } from '../../features/admin/components/admin-takedowns-view.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

function AdminTakedownsPage() {
  useDocumentTitle('Takedowns');
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title="Takedowns"
        description="Copies of creators’ photos found on other sites, where each notice stands, and the account each copy was traced to."
      />
      <AdminTakedownsView />
    </div>
  );
}

export { AdminTakedownsPage as Component };

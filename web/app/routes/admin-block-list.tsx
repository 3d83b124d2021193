import { PageHeader } from '../../components/page-header.tsx';
import { AdminBlockListView } from '../../features/admin/components/admin-block-list-view.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

function AdminBlockListPage() {
  useDocumentTitle('Block list');
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title="Block list"
        description="Media removed by moderation or a takedown cannot be uploaded again, nor can pictures whose hashes you add here."
      />
      <AdminBlockListView />
    </div>
  );
}

export { AdminBlockListPage as Component };

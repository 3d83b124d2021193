import { useParams } from 'react-router';
import { AdminTicketView } from '../../features/admin/components/admin-ticket-view.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

function AdminSupportTicketPage() {
  const { id = '' } = useParams();
  useDocumentTitle('Support request');
  return (
    <div className="mx-auto max-w-3xl">
      <AdminTicketView id={id} />
    </div>
  );
}

export { AdminSupportTicketPage as Component };

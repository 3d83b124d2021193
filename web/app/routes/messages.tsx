import { MessagesView } from '../../features/messages/components/messages-view.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

function MessagesPage() {
  useDocumentTitle('Messages');
  return <MessagesView />;
}

export { MessagesPage as Component };

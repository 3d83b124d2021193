import { MassMessagesPage as Page } from '../../features/mass-messages/index.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

function MassMessagesRoute() {
  useDocumentTitle('Mass messages');
  return <Page />;
}

export { MassMessagesRoute as Component };

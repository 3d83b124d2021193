import { VaultPage } from '../../features/vault/components/vault-page.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

function VaultRoute() {
  useDocumentTitle('Vault');
  return <VaultPage />;
}

export { VaultRoute as Component };

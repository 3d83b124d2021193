import { Wallet } from 'lucide-react';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

function WalletPage() {
  useDocumentTitle('Wallet');
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Wallet" />
      <EmptyState
        icon={Wallet}
        title="Your wallet is coming soon"
        description="Soon you will see your balance, earnings and payouts here."
      />
    </div>
  );
}

export { WalletPage as Component };

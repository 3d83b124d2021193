import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { SignInPrompt } from '../../components/sign-in-prompt.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EarningsView } from '../../features/earnings/index.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useSession } from '../../lib/session.ts';

function WalletEarningsPage() {
  useDocumentTitle('Earnings');
  const session = useSession();
  return (
    <div className="mx-auto min-w-0 max-w-3xl">
      <Button asChild variant="ghost" size="sm" className="-ml-3 mb-2">
        <Link to={pathTo('wallet')}>
          <ArrowLeft aria-hidden="true" />
          Wallet
        </Link>
      </Button>
      <PageHeader title="Earnings" description="What you earned, by kind and over time." />
      {session ? (
        <EarningsView key={session.user.id} userId={session.user.id} />
      ) : (
        <SignInPrompt reason="Sign in to see your earnings." />
      )}
    </div>
  );
}

export { WalletEarningsPage as Component };

import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { SignInPrompt } from '../../components/sign-in-prompt.tsx';
import { Button } from '../../components/ui/button.tsx';
import { PayoutsView } from '../../features/payouts/index.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useSession } from '../../lib/session.ts';

function WalletPayoutsPage() {
  useDocumentTitle('Payouts');
  const session = useSession();
  return (
    <div className="mx-auto min-w-0 max-w-3xl">
      <Button asChild variant="ghost" size="sm" className="-ml-3 mb-2">
        <Link to={pathTo('wallet')}>
          <ArrowLeft aria-hidden="true" />
          Wallet
        </Link>
      </Button>
      <PageHeader title="Payouts" description="Where your money is sent, when, and every payout so far." />
      {session ? (
        <PayoutsView key={session.user.id} userId={session.user.id} />
      ) : (
        <SignInPrompt reason="Sign in to see your payouts." />
      )}
    </div>
  );
}

export { WalletPayoutsPage as Component };

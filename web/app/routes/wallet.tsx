import { PageHeader } from '../../components/page-header.tsx';
import { SignInPrompt } from '../../components/sign-in-prompt.tsx';
import { WalletView } from '../../features/fan-payments/index.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useSession } from '../../lib/session.ts';

function WalletPage() {
  useDocumentTitle('Wallet');
  const session = useSession();
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Wallet" description="Your balance, earnings and payouts." />
      {session ? (
        <WalletView key={session.user.id} userId={session.user.id} />
      ) : (
        <SignInPrompt reason="Sign in to see your balance, earnings and payouts." />
      )}
    </div>
  );
}

export { WalletPage as Component };

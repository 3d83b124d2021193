import { MailCheck } from 'lucide-react';
import { storageKeys } from '#common/storage-keys.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useSession } from '../../lib/session.ts';
import { storage } from '../../lib/storage.ts';

function EmailVerificationPage() {
  useDocumentTitle('Verify Email');
  const session = useSession();
  const email = storage.get(storageKeys.pendingEmail) ?? session?.user.email ?? null;
  return (
    <div className="mx-auto max-w-xl">
      <PageHeader title="Verify Email" />
      <EmptyState
        icon={MailCheck}
        title={email ? 'Check your inbox' : 'No email waiting for verification'}
        description={
          email ? (
            <>
              Verification codes will be sent to <span className="font-medium text-foreground">{email}</span>.
              Entering the code here opens soon.
            </>
          ) : (
            'After you create an account, you will confirm your email address on this page.'
          )
        }
      />
    </div>
  );
}

export { EmailVerificationPage as Component };

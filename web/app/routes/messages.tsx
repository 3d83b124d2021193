import { MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SignInPrompt } from '../../components/sign-in-prompt.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useSession } from '../../lib/session.ts';

function MessagesPage() {
  useDocumentTitle('Messages');
  const session = useSession();
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title="Messages" description="Your conversations with creators and fans." />
      {session ? (
        <EmptyState
          icon={MessageCircle}
          title="No conversations yet"
          description="When you message a creator, or someone writes to you, the conversation appears here."
        >
          <Button asChild variant="outline">
            <Link to={pathTo('discover')}>Find creators</Link>
          </Button>
        </EmptyState>
      ) : (
        <SignInPrompt reason="Sign in to read and send messages." />
      )}
    </div>
  );
}

export { MessagesPage as Component };

import { ImagePlus } from 'lucide-react';
import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SignInPrompt } from '../../components/sign-in-prompt.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useAppNavigate } from '../../hooks/use-app-navigate.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useSession } from '../../lib/session.ts';

function PostContentPage() {
  useDocumentTitle('Post Content');
  const session = useSession();
  const { back } = useAppNavigate();
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Post Content"
        description="Share a photo or a video, free or locked for subscribers."
      />
      {session ? (
        <EmptyState
          icon={ImagePlus}
          title="Posting opens soon"
          description="You will be able to upload a photo or video, write a description, and choose who can see it."
        >
          <Button asChild>
            <Link to={pathTo('creator')}>Become a Creator</Link>
          </Button>
          <Button variant="outline" onClick={back}>
            Go Back
          </Button>
        </EmptyState>
      ) : (
        <SignInPrompt reason="Sign in to post photos and videos." />
      )}
    </div>
  );
}

export { PostContentPage as Component };

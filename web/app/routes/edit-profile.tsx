import { SquarePen } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SignInPrompt } from '../../components/sign-in-prompt.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useSession } from '../../lib/session.ts';

function EditProfilePage() {
  useDocumentTitle('Edit Profile');
  const session = useSession();
  const { id } = useParams();
  const isOwnProfile = session?.user.id === id;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Edit Profile" description="Your cover, avatar, display name, username and bio." />
      {!session ? (
        <SignInPrompt reason="Sign in to edit your profile." />
      ) : isOwnProfile ? (
        <EmptyState
          icon={SquarePen}
          title="Profile editing opens soon"
          description="You will be able to change your cover and avatar images, display name, @username and bio here."
        >
          <Button asChild variant="outline">
            <Link to={pathTo('privateProfile')}>Back to your profile</Link>
          </Button>
        </EmptyState>
      ) : (
        <EmptyState
          icon={SquarePen}
          title="This isn't your profile"
          description="You can only edit your own profile."
        >
          <Button asChild>
            <Link to={pathTo('editProfile', { id: session.user.id })}>Edit my profile</Link>
          </Button>
        </EmptyState>
      )}
    </div>
  );
}

export { EditProfilePage as Component };

import { ArrowLeft } from 'lucide-react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { SignInPrompt } from '../../components/sign-in-prompt.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EditProfileView } from '../../features/creators/components/edit-profile-view.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useSession } from '../../lib/session.ts';

function EditProfilePage() {
  useDocumentTitle('Edit Profile');
  const session = useSession();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  // Opened from a link in a new tab there is nothing to go back to: the profile is the next best place.
  const back = () => void (location.key === 'default' ? navigate(pathTo('privateProfile')) : navigate(-1));
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <div className="flex items-center gap-3">
        <Button variant="ghost" size="icon" aria-label="Back" onClick={back}>
          <ArrowLeft aria-hidden="true" className="size-5" />
        </Button>
        <h1 className="font-heading text-2xl font-bold tracking-tight md:text-3xl">Edit Profile</h1>
      </div>
      {session ? (
        <EditProfileView key={session.user.id} id={id} userId={session.user.id} />
      ) : (
        <SignInPrompt reason="Sign in to edit your profile." />
      )}
    </div>
  );
}

export { EditProfilePage as Component };

import { PageHeader } from '../../components/page-header.tsx';
import { SignInPrompt } from '../../components/sign-in-prompt.tsx';
import { PrivateProfileView } from '../../features/creators/components/private-profile-view.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useSession } from '../../lib/session.ts';

function PrivateProfilePage() {
  useDocumentTitle('Profile');
  const session = useSession();
  return (
    <div className="mx-auto max-w-3xl">
      {session ? (
        <PrivateProfileView key={session.user.id} user={session.user} />
      ) : (
        <>
          <PageHeader title="Profile" />
          <SignInPrompt reason="Sign in to see your profile, your purchases and the posts you liked." />
        </>
      )}
    </div>
  );
}

export { PrivateProfilePage as Component };

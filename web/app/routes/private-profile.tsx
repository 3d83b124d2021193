import { ImagePlus, SquarePen } from 'lucide-react';
import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SignInPrompt } from '../../components/sign-in-prompt.tsx';
import { Avatar, AvatarFallback, AvatarImage } from '../../components/ui/avatar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useSession } from '../../lib/session.ts';
import { displayNameOf, initialsOf } from '../../lib/user-display.ts';

function PrivateProfilePage() {
  useDocumentTitle('Profile');
  const session = useSession();
  if (!session) {
    return (
      <div className="mx-auto max-w-3xl">
        <PageHeader title="Profile" />
        <SignInPrompt reason="Sign in to see your profile, your purchases and the posts you liked." />
      </div>
    );
  }
  const { user } = session;
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="sr-only">Profile</h1>
      <section className="mb-8 flex flex-wrap items-center gap-4 rounded-2xl border border-border p-6">
        <Avatar className="size-20">
          {user.profileImage ? <AvatarImage src={user.profileImage} alt="" /> : null}
          <AvatarFallback className="text-2xl">{initialsOf(user)}</AvatarFallback>
        </Avatar>
        <div className="min-w-48 flex-1">
          <p className="truncate font-heading text-2xl font-bold">{displayNameOf(user)}</p>
          <p className="truncate text-sm text-muted-foreground">{user.email}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <Link to={pathTo('postContent')}>
              <ImagePlus aria-hidden="true" />
              Create / Upload Content
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={pathTo('editProfile', { id: user.id })}>
              <SquarePen aria-hidden="true" />
              Edit Profile
            </Link>
          </Button>
        </div>
      </section>
      <EmptyState
        icon={ImagePlus}
        title="No posts yet"
        description="The posts you buy and like will be listed here, next to your own photos and videos."
      />
    </div>
  );
}

export { PrivateProfilePage as Component };

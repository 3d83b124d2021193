import { ImagePlus, SquarePen } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import type { MyCreatorResponse } from '#common/schemas/creators.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import type { SessionUser } from '../../../lib/session.ts';
import { useMyCreator } from '../api/get-my-creator.ts';
import { MemberProfileCard } from './member-profile-card.tsx';
import { ProfileHeader } from './profile-header.tsx';
import { ProfileSkeleton } from './profile-skeleton.tsx';
import { ProfileStatusBanner } from './profile-status-banner.tsx';
import { ShareButton } from './share-button.tsx';

/**
 * The signed-in user's own profile: their creator page's head when they have one, and their library,
 * which the page (web/app/routes/private-profile.tsx) composes from other features' lists.
 */
export function PrivateProfileView({
  user,
  renderLibrary,
}: {
  user: SessionUser;
  renderLibrary: (counts: MyCreatorResponse['counts']) => ReactNode;
}) {
  const me = useMyCreator(user.id);
  if (me.isPending) return <ProfileSkeleton />;
  if (me.isError) return <LoadError message={me.error.message} onRetry={() => void me.refetch()} />;

  const { creator, counts } = me.data;
  return (
    <div className="flex flex-col gap-6">
      {creator ? (
        <>
          <ProfileStatusBanner profile={creator} />
          <ProfileHeader
            profile={creator}
            actions={
              <>
                <Button asChild>
                  <Link to={pathTo('postContent')}>
                    <ImagePlus aria-hidden="true" />
                    Create / Upload Content
                  </Link>
                </Button>
                {/* Shares the public page, not this private one. */}
                <ShareButton profile={creator} path={pathTo('publicProfile', { id: creator.handle })} />
                <Button asChild variant="outline">
                  <Link to={pathTo('editProfile', { id: creator.id })}>
                    <SquarePen aria-hidden="true" />
                    Edit Profile
                  </Link>
                </Button>
              </>
            }
          />
        </>
      ) : (
        <MemberProfileCard user={user} />
      )}
      {renderLibrary(counts)}
    </div>
  );
}

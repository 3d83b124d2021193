import { useQueryClient } from '@tanstack/react-query';
import { Globe, MessageCircle, SquarePen, UserRoundX } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { pathTo } from '#common/routes.ts';
import type { CreatorProfile } from '#common/schemas/creators.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { creatorQueryOptions, useCreator } from '../api/get-creator.ts';
import { FollowButton } from './follow-button.tsx';
import { ProfileHeader } from './profile-header.tsx';
import { ProfileSkeleton } from './profile-skeleton.tsx';
import { ProfileStatusBanner } from './profile-status-banner.tsx';
import { ShareButton } from './share-button.tsx';

/**
 * What other features add to a creator's page. The page (web/app/routes/public-profile.tsx) passes
 * them in, so this feature imports none of them.
 */
interface PublicProfileSlots {
  /** Buttons after Follow (tip, add to a list, report or block). */
  renderActions: (profile: CreatorProfile) => ReactNode;
  /** Everything under the header: an offer from the link (`?offer=<code>`), Subscribe, the content tabs. */
  renderContent: (profile: CreatorProfile, offerCode: string | null) => ReactNode;
  /** The page of someone the viewer blocked, with the way to unblock them. */
  renderBlocked: (blocked: { title: string; userId: string; onUnblocked: () => void }) => ReactNode;
}

/** A creator's page, named in the URL by id, handle or a handle they have since changed. */
export function PublicProfileView({
  idOrHandle,
  renderActions,
  renderContent,
  renderBlocked,
}: { idOrHandle: string } & PublicProfileSlots) {
  const creator = useCreator(idOrHandle);
  const profile = creator.data;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // An offer's link (`?offer=<code>`) shows the offer above the Subscribe banner.
  const [params] = useSearchParams();
  const offerCode = params.get('offer');
  useDocumentTitle(profile ? `${profile.displayName} (@${profile.handle})` : 'Creator profile');

  // Old links and id links move to the current handle, without a second request or a history entry.
  useEffect(() => {
    if (!profile || profile.handle === idOrHandle) return;
    queryClient.setQueryData(creatorQueryOptions(profile.handle).queryKey, profile);
    void navigate(
      {
        pathname: pathTo('publicProfile', { id: profile.handle }),
        search: offerCode ? `?offer=${offerCode}` : '',
      },
      { replace: true },
    );
  }, [profile, idOrHandle, navigate, queryClient, offerCode]);

  if (creator.isPending) return <ProfileSkeleton />;
  if (creator.isError) {
    const error = creator.error;
    if (error instanceof ApiError && error.code === 'BLOCKED_BY_YOU' && error.fields?.userId) {
      return renderBlocked({
        title: error.message,
        userId: error.fields.userId,
        onUnblocked: () => void creator.refetch(),
      });
    }
    if (creator.error instanceof ApiError && creator.error.status === 404) {
      return (
        <EmptyState
          icon={UserRoundX}
          headingLevel={1}
          title="Creator not found"
          description="This profile doesn't exist, has moved, or isn't open to visitors yet."
        >
          <Button asChild>
            <Link to={pathTo('discover')}>Discover creators</Link>
          </Button>
        </EmptyState>
      );
    }
    if (creator.error instanceof ApiError && creator.error.code === 'REGION_BLOCKED') {
      return (
        <EmptyState
          icon={Globe}
          headingLevel={1}
          title="Not available in your region"
          description={creator.error.message}
        >
          <Button asChild>
            <Link to={pathTo('discover')}>Discover creators</Link>
          </Button>
        </EmptyState>
      );
    }
    return <LoadError message={creator.error.message} onRetry={() => void creator.refetch()} />;
  }

  const data = creator.data;
  return (
    <div className="flex flex-col gap-6">
      <ProfileStatusBanner profile={data} />
      <ProfileHeader
        profile={data}
        actions={
          <>
            <ShareButton profile={data} />
            {data.canEdit ? (
              <Button asChild variant="outline">
                <Link to={pathTo('editProfile', { id: data.id })}>
                  <SquarePen aria-hidden="true" />
                  Edit Profile
                </Link>
              </Button>
            ) : null}
            {data.canMessage ? (
              <Button asChild variant="outline" size="icon">
                <Link
                  to={`${pathTo('messages')}?user=${encodeURIComponent(data.userId)}`}
                  aria-label={`Message ${data.displayName}`}
                >
                  <MessageCircle aria-hidden="true" />
                </Link>
              </Button>
            ) : null}
            {data.canFollow ? <FollowButton profile={data} /> : null}
            {renderActions(data)}
          </>
        }
      />
      {renderContent(data, offerCode)}
    </div>
  );
}

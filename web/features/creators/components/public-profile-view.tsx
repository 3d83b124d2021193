import { useQueryClient } from '@tanstack/react-query';
import { Ban, Globe, MessageCircle, SquarePen, UserRoundX } from 'lucide-react';
import { lazy, Suspense, useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { SubscribeBanner } from '../../fan-payments/index.ts';
import { AddToListButton } from '../../lists/index.ts';
import { ProfileSafetyMenu } from '../../safety/index.ts';
import { useUnblockUser } from '../../settings/index.ts';
import { TipButton } from '../../tips/index.ts';
import { creatorQueryOptions, useCreator } from '../api/get-creator.ts';
import { FollowButton } from './follow-button.tsx';
import { LoadError } from './load-error.tsx';
import { MediaPostsTabs } from './media-posts-tabs.tsx';
import { ProfileHeader } from './profile-header.tsx';
import { ProfileSkeleton } from './profile-skeleton.tsx';
import { ProfileStatusBanner } from './profile-status-banner.tsx';
import { ShareButton } from './share-button.tsx';

/** The page of someone you blocked: said plainly, with the way back right there. */
function BlockedByYou({
  title,
  userId,
  onUnblocked,
}: {
  title: string;
  userId: string;
  onUnblocked: () => void;
}) {
  const unblock = useUnblockUser();
  async function confirm() {
    try {
      toast.success(await unblock.mutateAsync(userId));
      onUnblocked();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Request failed');
    }
  }
  return (
    <EmptyState
      icon={Ban}
      headingLevel={1}
      title={title}
      description="While they are blocked, neither of you can see the other's page or posts, or send messages. Unblocking does not bring back follows or subscriptions the block ended."
    >
      <Button
        disabled={unblock.isPending}
        aria-busy={unblock.isPending || undefined}
        onClick={() => void confirm()}
      >
        {unblock.isPending ? 'Unblocking…' : 'Unblock'}
      </Button>
      <Button asChild variant="outline">
        <Link to={`${pathTo('settings')}?tab=privacy-safety`}>Blocked users</Link>
      </Button>
    </EmptyState>
  );
}

// Only a page opened from an offer's link needs it.
const OfferCard = lazy(() =>
  import('../../offers/index.ts').then((module) => ({ default: module.OfferCard })),
);

/** A creator's page, named in the URL by id, handle or a handle they have since changed. */
export function PublicProfileView({ idOrHandle }: { idOrHandle: string }) {
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
      return (
        <BlockedByYou
          title={error.message}
          userId={error.fields.userId}
          onUnblocked={() => void creator.refetch()}
        />
      );
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
            {data.canTip ? <TipButton creator={{ handle: data.handle, name: data.displayName }} /> : null}
            {data.viewer.isOwner ? null : <AddToListButton creator={data} />}
            {data.canReport ? <ProfileSafetyMenu profile={data} /> : null}
          </>
        }
      />
      {offerCode ? (
        <Suspense fallback={null}>
          <OfferCard handle={data.handle} code={offerCode} name={data.displayName} />
        </Suspense>
      ) : null}
      <SubscribeBanner profile={data} />
      <MediaPostsTabs key={data.id} counts={data.counts} />
    </div>
  );
}

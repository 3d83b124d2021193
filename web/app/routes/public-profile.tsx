import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { HydrateLater } from '../../components/hydrate-later.tsx';
import { PublicProfileView } from '../../features/creators/components/public-profile-view.tsx';
import { SubscribeBanner } from '../../features/fan-payments/index.ts';
import { AddToListButton } from '../../features/lists/index.ts';
import { MediaPostsTabs } from '../../features/posts/components/media-posts-tabs.tsx';
import { ProfileSafetyMenu } from '../../features/safety/index.ts';
import { BlockedByYou } from '../../features/settings/components/blocked-by-you.tsx';
import { TipButton } from '../../features/tips/index.ts';

// Only a page opened from an offer's link needs it.
const OfferCard = lazy(() =>
  import('../../features/offers/index.ts').then((module) => ({ default: module.OfferCard })),
);

/** A creator's page: the creators feature's view, with what other features add to it. */
function PublicProfilePage() {
  const { id = '' } = useParams();
  return (
    <div className="mx-auto max-w-3xl">
      {/* A new key per creator: nothing from the previous page (open dialogs, chosen tab) carries over. */}
      <PublicProfileView
        key={id}
        idOrHandle={id}
        renderActions={(profile) => (
          <>
            {profile.canTip ? (
              <TipButton creator={{ handle: profile.handle, name: profile.displayName }} />
            ) : null}
            {profile.viewer.isOwner ? null : <AddToListButton creator={profile} />}
            {profile.canReport ? <ProfileSafetyMenu profile={profile} /> : null}
          </>
        )}
        renderContent={(profile, offerCode) => (
          <>
            {offerCode ? (
              <Suspense fallback={null}>
                <OfferCard handle={profile.handle} code={offerCode} name={profile.displayName} />
              </Suspense>
            ) : null}
            {/* Adopted in tasks of their own after the header; the tabs' tiles then take theirs. */}
            <HydrateLater>
              <SubscribeBanner profile={profile} />
            </HydrateLater>
            <HydrateLater key={profile.id}>
              <MediaPostsTabs handle={profile.handle} counts={profile.counts} />
            </HydrateLater>
          </>
        )}
        renderBlocked={(blocked) => <BlockedByYou {...blocked} />}
      />
    </div>
  );
}

export { PublicProfilePage as Component };

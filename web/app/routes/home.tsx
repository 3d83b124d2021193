import { lazy, Suspense } from 'react';
import { HydrateLater } from '../../components/hydrate-later.tsx';
import { useCreatorStanding } from '../../features/creators/api/get-my-creator.ts';
import { PostListSkeleton } from '../../features/posts/components/post-list-skeleton.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { adoptedOnArrival } from '../../lib/hydration.ts';
import { useSession } from '../../lib/session.ts';
import { HomeIntro } from './home-intro.tsx';

// Visitors never download the feed's code: Home is the first page most people load.
const FollowingFeed = lazy(() =>
  adoptedOnArrival(import('../../features/posts/components/following-feed.tsx')).then((module) => ({
    default: module.FollowingFeed,
  })),
);

function HomePage() {
  useDocumentTitle('Home');
  const session = useSession();
  const standing = useCreatorStanding(session?.user.id);
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-12">
      <HomeIntro becomeCreator={standing === 'other'} />
      {/* The feed's code is asked for in a task of its own, after the page's frame is adopted. */}
      {session ? (
        <HydrateLater>
          <Suspense
            fallback={
              <div className="mx-auto w-full max-w-2xl">
                <PostListSkeleton />
              </div>
            }
          >
            <FollowingFeed key={session.user.id} userId={session.user.id} />
          </Suspense>
        </HydrateLater>
      ) : null}
    </div>
  );
}

export { HomePage as Component };

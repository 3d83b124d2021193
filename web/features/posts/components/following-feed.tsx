import { Compass, UsersRound } from 'lucide-react';
import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useFeed } from '../api/get-feed.ts';
import { PostFeed } from './post-feed.tsx';

/** Home, signed in: the newest posts of the creators the viewer follows. */
export function FollowingFeed({ userId }: { userId: string }) {
  const query = useFeed(userId);
  return (
    <section
      aria-labelledby="following-feed-heading"
      className="mx-auto flex w-full max-w-2xl flex-col gap-4"
    >
      <h2 id="following-feed-heading" className="font-heading text-xl font-semibold">
        Latest from creators you follow
      </h2>
      <PostFeed
        query={query}
        label="Latest from creators you follow"
        followingHint
        empty={
          <EmptyState
            icon={UsersRound}
            title="Follow creators to see their latest posts here"
            description="Find people whose photos and videos you enjoy on Discover and follow them."
          >
            <Button asChild>
              <Link to={pathTo('discover')}>
                <Compass aria-hidden="true" />
                Discover
              </Link>
            </Button>
          </EmptyState>
        }
      />
    </section>
  );
}

import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useSession } from '../../../lib/session.ts';
import { useCreatorStanding } from '../../creators/index.ts';
import { useDiscover } from '../api/get-discover.ts';
import { PostFeed } from './post-feed.tsx';

/** A creator posts; anyone else may become one (neither until the viewer's answer is in). */
function FirstPostAction({ userId }: { userId: string | undefined }) {
  const standing = useCreatorStanding(userId);
  if (standing === 'unknown') return null;
  return (
    <Button asChild>
      {standing === 'approved' ? (
        <Link to={pathTo('postContent')}>Post new content</Link>
      ) : (
        <Link to={pathTo('creator')}>Become a Creator</Link>
      )}
    </Button>
  );
}

/** Discover: every approved creator's posts, ranked; signed in, followed creators come first. */
export function DiscoverFeed() {
  const session = useSession();
  const query = useDiscover(session?.user.id ?? null);
  return (
    <PostFeed
      query={query}
      label="Discover posts"
      progress
      empty={
        <EmptyState
          icon={Compass}
          title="No posts yet"
          description="When creators start posting, their newest photos and videos appear here. Why not be the first?"
        >
          <FirstPostAction userId={session?.user.id} />
        </EmptyState>
      }
    />
  );
}

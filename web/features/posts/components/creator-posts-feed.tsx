import { FileText } from 'lucide-react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useSession } from '../../../lib/session.ts';
import { useCreatorPosts } from '../api/get-creator-posts.ts';
import { PostFeed } from './post-feed.tsx';

/** A creator's Posts tab: their cards, newest first. */
export function CreatorPostsFeed({ handle }: { handle: string }) {
  const session = useSession();
  const query = useCreatorPosts(handle, 'all', session?.user.id ?? null);
  return (
    <PostFeed
      query={query}
      label={`Posts by @${handle}`}
      showPinned
      empty={
        <EmptyState
          icon={FileText}
          title="No posts yet"
          description="When this creator posts, it will show up here."
        />
      }
    />
  );
}

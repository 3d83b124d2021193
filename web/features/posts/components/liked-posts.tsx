import { Heart } from 'lucide-react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useLikedPosts } from '../api/get-liked-posts.ts';
import { PostFeed } from './post-feed.tsx';

/** The private profile's Liked tab: what the viewer liked, most recent first. */
export function LikedPosts({ userId }: { userId: string }) {
  const query = useLikedPosts(userId);
  return (
    <PostFeed
      query={query}
      label="Posts you liked"
      empty={
        <EmptyState
          icon={Heart}
          title="No liked posts yet"
          description="Tap the heart on a post you enjoy and it will be kept here."
        />
      }
    />
  );
}

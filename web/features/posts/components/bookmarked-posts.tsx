import { Bookmark } from 'lucide-react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useBookmarks } from '../api/bookmarks.ts';
import { PostFeed } from './post-feed.tsx';

/** The Bookmarks page's list: saved posts, most recently saved first (locked ones stay locked). */
export function BookmarkedPosts({ userId }: { userId: string }) {
  const query = useBookmarks(userId);
  return (
    <PostFeed
      query={query}
      label="Your bookmarks"
      empty={
        <EmptyState
          icon={Bookmark}
          title="No bookmarks yet"
          description="Tap the bookmark on a post to save it here for later."
        />
      }
    />
  );
}

import { Camera, FileText, Video } from 'lucide-react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useSession } from '../../../lib/session.ts';
import { useCreatorPosts } from '../api/get-creator-posts.ts';
import { MediaGrid } from './media-grid.tsx';
import { PostFeed } from './post-feed.tsx';

/** A creator's Posts tab: their cards, newest first. */
export function CreatorPosts({ handle }: { handle: string }) {
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

const mediaEmpty = {
  photos: { icon: Camera, title: 'No photos yet', text: 'Photos this creator posts will appear here.' },
  videos: { icon: Video, title: 'No videos yet', text: 'Videos this creator posts will appear here.' },
} as const;

/** A creator's Media tab, for one of its Videos and Photos toggles. */
export function CreatorMedia({ handle, type }: { handle: string; type: 'photos' | 'videos' }) {
  const session = useSession();
  const query = useCreatorPosts(handle, type, session?.user.id ?? null);
  const empty = mediaEmpty[type];
  return (
    <MediaGrid
      query={query}
      label={`${type === 'photos' ? 'Photos' : 'Videos'} by @${handle}`}
      empty={<EmptyState icon={empty.icon} title={empty.title} description={empty.text} />}
    />
  );
}

import { Camera, Video } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useSession } from '../../../lib/session.ts';
import { useCreatorPosts } from '../api/get-creator-posts.ts';
import { MediaGrid } from './media-grid.tsx';
import { PostListSkeleton } from './post-list-skeleton.tsx';

// The Posts tab's cards load when the tab is opened: a profile opens on its Media tab.
const CreatorPostsFeed = lazy(() =>
  import('./creator-posts-feed.tsx').then((module) => ({ default: module.CreatorPostsFeed })),
);

/** A creator's Posts tab: their cards, newest first. */
export function CreatorPosts({ handle }: { handle: string }) {
  return (
    <Suspense fallback={<PostListSkeleton />}>
      <CreatorPostsFeed handle={handle} />
    </Suspense>
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

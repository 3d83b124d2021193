import { useState } from 'react';
import type { CreatorProfile } from '#common/schemas/creators.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { CreatorMedia, CreatorPosts } from './creator-posts.tsx';

type MediaKind = 'videos' | 'photos';

/** The kind the Media tab opens on: what the creator has, photos first when there are both. */
export const firstMediaKind = (counts: CreatorProfile['counts']): MediaKind =>
  counts.photos === 0 && counts.videos > 0 ? 'videos' : 'photos';

/**
 * A creator page's Media (photos or videos, as tiles) and Posts (cards), with the counts the profile
 * carries; `handle` is the creator's current handle, which the posts API wants.
 */
export function MediaPostsTabs({ handle, counts }: { handle: string; counts: CreatorProfile['counts'] }) {
  const [kind, setKind] = useState<MediaKind>(() => firstMediaKind(counts));
  // A creator with text posts only: the page opens on their posts, not an empty Media tab.
  return (
    <Tabs defaultValue={counts.photos + counts.videos > 0 ? 'media' : 'posts'}>
      <TabsList aria-label="Creator content">
        <TabsTrigger value="media">Media ({counts.photos + counts.videos})</TabsTrigger>
        <TabsTrigger value="posts">Posts ({counts.posts})</TabsTrigger>
      </TabsList>
      <TabsContent value="media" className="flex flex-col gap-4">
        <fieldset className="flex gap-2">
          <legend className="sr-only">Media type</legend>
          {(['photos', 'videos'] as const).map((option) => (
            <Button
              key={option}
              size="sm"
              variant={kind === option ? 'default' : 'outline'}
              aria-pressed={kind === option}
              className="rounded-full"
              onClick={() => setKind(option)}
            >
              {option === 'videos' ? `Videos (${counts.videos})` : `Photos (${counts.photos})`}
            </Button>
          ))}
        </fieldset>
        <CreatorMedia key={kind} handle={handle} type={kind} />
      </TabsContent>
      <TabsContent value="posts">
        <CreatorPosts handle={handle} />
      </TabsContent>
    </Tabs>
  );
}

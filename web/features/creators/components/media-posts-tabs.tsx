import { useState } from 'react';
import { useParams } from 'react-router';
import type { CreatorProfile } from '#common/schemas/creators.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { CreatorMedia, CreatorPosts } from '../../posts/index.ts';
import { useCreator } from '../api/get-creator.ts';

type MediaKind = 'videos' | 'photos';

/**
 * The handle of the page being shown. The view above loaded the profile under the URL's name
 * (id, handle or old handle), so this reads the cache; the posts API wants the current handle.
 */
function useShownHandle(): string | undefined {
  const { id = '' } = useParams();
  return useCreator(id).data?.handle;
}

/** The kind the Media tab opens on: what the creator has, photos first when there are both. */
export const firstMediaKind = (counts: CreatorProfile['counts']): MediaKind =>
  counts.photos === 0 && counts.videos > 0 ? 'videos' : 'photos';

/** Media (photos or videos, as tiles) and Posts (cards), with the counts the profile carries. */
export function MediaPostsTabs({ counts }: { counts: CreatorProfile['counts'] }) {
  const [kind, setKind] = useState<MediaKind>(() => firstMediaKind(counts));
  const handle = useShownHandle();
  return (
    <Tabs defaultValue="media">
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
        {handle ? <CreatorMedia key={kind} handle={handle} type={kind} /> : null}
      </TabsContent>
      <TabsContent value="posts">{handle ? <CreatorPosts handle={handle} /> : null}</TabsContent>
    </Tabs>
  );
}

import { ListChecks } from 'lucide-react';
import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useListFeed } from '../api/get-list-feed.ts';
import { PostFeed } from './post-feed.tsx';

/** A list's feed: its creators' latest posts, as Home shows the followed ones. */
export function ListFeed({ listId, name }: { listId: string; name: string }) {
  const query = useListFeed(listId);
  return (
    <PostFeed
      query={query}
      label={`Posts from ${name}`}
      empty={
        <EmptyState
          icon={ListChecks}
          title="Nothing here yet"
          description="When the creators in this list post, their posts show up here. Add creators from their profile."
        >
          <Button asChild>
            <Link to={pathTo('discover')}>Find creators</Link>
          </Button>
        </EmptyState>
      }
    />
  );
}

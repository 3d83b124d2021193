import { Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useSuggestedCreators } from '../api/get-suggested-creators.ts';
import { CreatorCard } from './creator-card.tsx';
import { CreatorListSkeleton } from './creator-list-skeleton.tsx';

/**
 * Suggested creators from the server. An empty list and an unavailable endpoint look the same to a
 * visitor: there is simply nobody to suggest yet.
 */
export function MoreCreators() {
  const creators = useSuggestedCreators();

  return (
    <div className="flex flex-col gap-4">
      {creators.isPending ? (
        <CreatorListSkeleton />
      ) : creators.data && creators.data.length > 0 ? (
        <ul className="flex flex-col gap-3">
          {creators.data.map((creator) => (
            <li key={creator.id}>
              <CreatorCard creator={creator} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border px-4 py-8 text-center">
          <Sparkles aria-hidden="true" className="size-8 text-primary" />
          <p className="text-sm font-medium">No creators to show yet</p>
          <p className="text-xs text-muted-foreground">
            Be one of the first: share your photos and videos with fans.
          </p>
          <Button asChild size="sm" variant="outline">
            <Link to={pathTo('creator')}>Become a Creator</Link>
          </Button>
        </div>
      )}
      <Button asChild variant="secondary" className="w-full">
        <Link to={pathTo('discover')}>Discover all</Link>
      </Button>
    </div>
  );
}

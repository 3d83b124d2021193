import { CloudOff, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { useCreatorStanding } from '../api/get-my-creator.ts';
import { useSuggestedCreators } from '../api/get-suggested-creators.ts';
import { CreatorCard } from './creator-card.tsx';
import { CreatorListSkeleton } from './creator-list-skeleton.tsx';

/** The suggestions could not be fetched: say so (never 'nobody to suggest') and offer to ask again. */
function SuggestionsError({
  error,
  retrying,
  onRetry,
}: {
  error: Error;
  retrying: boolean;
  onRetry: () => void;
}) {
  const offline = error instanceof ApiError && error.code === 'NETWORK_ERROR';
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-destructive/40 px-4 py-8 text-center">
      <CloudOff aria-hidden="true" className="size-8 text-destructive" />
      <p role="alert" className="text-sm font-medium">
        Creators could not be loaded
      </p>
      <p className="text-xs text-muted-foreground">
        {offline ? error.message : 'Something went wrong on our side. Please try again.'}
      </p>
      <Button size="sm" variant="outline" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Retrying…' : 'Retry'}
      </Button>
    </div>
  );
}

/** Not to a creator, who already is one (nor until the viewer's answer is in). */
function BecomeCreatorLink() {
  const session = useSession();
  if (useCreatorStanding(session?.user.id) !== 'other') return null;
  return (
    <Button asChild size="sm" variant="outline">
      <Link to={pathTo('creator')}>Become a Creator</Link>
    </Button>
  );
}

/** Suggested creators from the server, with a real empty state and a real error state. */
export function MoreCreators() {
  const creators = useSuggestedCreators();

  return (
    <div className="flex flex-col gap-4">
      {creators.isPending ? (
        <CreatorListSkeleton />
      ) : creators.isError ? (
        <SuggestionsError
          error={creators.error}
          retrying={creators.isFetching}
          onRetry={() => void creators.refetch()}
        />
      ) : creators.data.length > 0 ? (
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
          <BecomeCreatorLink />
        </div>
      )}
      <Button asChild variant="secondary" className="w-full">
        <Link to={pathTo('discover')}>Discover all</Link>
      </Button>
    </div>
  );
}

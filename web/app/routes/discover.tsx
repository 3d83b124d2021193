import { Compass, SearchX } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

function DiscoverPage() {
  const [searchParams] = useSearchParams();
  const query = searchParams.get('q')?.trim() ?? '';
  useDocumentTitle(query ? `Search: ${query}` : 'Discover');
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader
        title="Discover"
        description={query ? `Creators matching “${query}”.` : 'Photos and videos from creators to follow.'}
      />
      {query ? (
        <EmptyState
          icon={SearchX}
          title={`No creators match “${query}” yet`}
          description="Try another name or handle, or browse everyone on Discover."
        >
          <Button asChild variant="outline">
            <Link to={pathTo('discover')}>Clear search</Link>
          </Button>
        </EmptyState>
      ) : (
        <EmptyState
          icon={Compass}
          title="Nothing to discover yet"
          description="When creators start posting, their newest photos and videos appear here. Why not be the first?"
        >
          <Button asChild>
            <Link to={pathTo('creator')}>Become a Creator</Link>
          </Button>
        </EmptyState>
      )}
    </div>
  );
}

export { DiscoverPage as Component };

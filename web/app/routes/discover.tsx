import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { DiscoverFeed } from '../../features/posts/components/discover-feed.tsx';
import { SearchResults } from '../../features/search/components/search-results.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

/** Discover: creators matching `?q=` (from the search box) above the feed of everyone's posts. */
function DiscoverPage() {
  const [searchParams] = useSearchParams();
  const query = searchParams.get('q')?.trim() ?? '';
  useDocumentTitle(query ? `Search: ${query}` : 'Discover');
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <PageHeader
        title="Discover"
        description="Photos and videos from creators to follow."
        className="mb-0"
      />
      {query ? (
        <>
          <SearchResults query={query} />
          <h2 className="font-heading text-lg font-semibold">Posts from everyone</h2>
        </>
      ) : null}
      <DiscoverFeed />
    </div>
  );
}

export { DiscoverPage as Component };

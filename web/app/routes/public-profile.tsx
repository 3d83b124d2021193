import { UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useAppNavigate } from '../../hooks/use-app-navigate.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

function PublicProfilePage() {
  useDocumentTitle('Creator profile');
  const { back } = useAppNavigate();
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Creator profile" />
      <EmptyState
        icon={UserRound}
        title="This profile isn't available yet"
        description="Creator pages, with their photos, videos and subscription plans, open soon. Meanwhile, see who else is on Fanplace."
      >
        <Button asChild>
          <Link to={pathTo('discover')}>Discover creators</Link>
        </Button>
        <Button variant="outline" onClick={back}>
          Go Back
        </Button>
      </EmptyState>
    </div>
  );
}

export { PublicProfilePage as Component };

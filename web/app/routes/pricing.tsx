import { Building2 } from 'lucide-react';
import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

function PricingPage() {
  useDocumentTitle('Pricing');
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title="Pricing"
        description="Plans for real-estate agents: an AI buyer guide, property listings and lead capture."
      />
      <EmptyState
        icon={Building2}
        title="Plans are on their way"
        description="Monthly and yearly plans, each with a free trial, will be listed here as soon as subscriptions open."
      >
        <Button asChild variant="outline">
          <Link to={pathTo('contact')}>Ask us a question</Link>
        </Button>
      </EmptyState>
    </div>
  );
}

export { PricingPage as Component };

import { PricingPage } from '../../features/agent-plans/index.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

function PricingRoute() {
  useDocumentTitle('Pricing');
  return <PricingPage />;
}

export { PricingRoute as Component };

import { PricingPage } from '../../features/pricing/components/pricing-page.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

function PricingRoute() {
  useDocumentTitle('Pricing');
  return <PricingPage />;
}

export { PricingRoute as Component };

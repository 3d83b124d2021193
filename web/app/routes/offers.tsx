import { OffersPage } from '../../features/offers/index.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

function OffersRoute() {
  useDocumentTitle('Trials and promotions');
  return <OffersPage />;
}

export { OffersRoute as Component };

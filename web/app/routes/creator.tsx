import { OnboardingPage } from '../../features/onboarding/components/onboarding-page.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

function CreatorPage() {
  useDocumentTitle('Become a Creator');
  return <OnboardingPage />;
}

export { CreatorPage as Component };

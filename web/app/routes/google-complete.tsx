import { GoogleCompletion } from '../../features/auth/components/google-completion.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

function GoogleCompletePage() {
  useDocumentTitle('Signing in');
  return (
    <div className="mx-auto max-w-md">
      <GoogleCompletion />
    </div>
  );
}

export { GoogleCompletePage as Component };

import { KeyRound } from 'lucide-react';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

/** The page is only reachable from the emailed link: without its token the user goes home (spec). */
export function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token');
  if (!token) return redirect(pathTo('home'));
  return null;
}

function ResetPasswordPage() {
  useDocumentTitle('Reset Password');
  return (
    <div className="mx-auto max-w-xl">
      <PageHeader title="Reset Password" />
      <EmptyState
        icon={KeyRound}
        title="Choosing a new password opens soon"
        description="You will set a new password here from the link we email you."
      />
    </div>
  );
}

export { ResetPasswordPage as Component };

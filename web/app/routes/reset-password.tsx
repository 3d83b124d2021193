import { KeyRound } from 'lucide-react';
import { type LoaderFunctionArgs, redirect, useSearchParams } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

/** The page is only reachable from the emailed link: without its token the user goes home (spec). */
export function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token');
  if (!token) return redirect(pathTo('home'));
  return null;
}

function ResetPasswordPage() {
  useDocumentTitle('Reset Password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return (
    <AuthCard
      icon={KeyRound}
      title="Reset Password"
      description="Choose a new password. You will then sign in again on every device."
    >
      <ResetPasswordForm token={token} />
    </AuthCard>
  );
}

export { ResetPasswordPage as Component };

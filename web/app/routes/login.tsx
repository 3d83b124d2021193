import { LogIn, TriangleAlert } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { pathTo, routes } from '#common/routes.ts';
import { AuthCard, authLinkClass } from '../../features/auth/components/auth-card.tsx';
import { GoogleSignIn } from '../../features/auth/components/google-sign-in.tsx';
import { SignInForm } from '../../features/auth/components/sign-in-form.tsx';
import { safeNextPath } from '../../features/auth/next-path.ts';
import { authToasts } from '../../features/auth/toasts.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

function LoginPage() {
  useDocumentTitle('Sign In');
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const keepNext = next === routes.home ? '' : `?${new URLSearchParams({ next })}`;

  return (
    <AuthCard
      icon={LogIn}
      title="Sign In"
      description="Welcome back! Sign in to follow, subscribe to and message creators."
      footer={
        <>
          Don't have an account?{' '}
          <Link className={authLinkClass} to={`${pathTo('register')}${keepNext}`}>
            Sign Up
          </Link>
        </>
      }
    >
      {params.get('error') === 'google' ? (
        <div
          role="alert"
          className="flex gap-2 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <p>{authToasts.googleFailed}</p>
        </div>
      ) : null}
      <GoogleSignIn />
      <SignInForm next={next} />
    </AuthCard>
  );
}

export { LoginPage as Component };

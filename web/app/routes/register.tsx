import { UserRoundPlus } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { limits } from '#common/limits.ts';
import { pathTo, routes } from '#common/routes.ts';
import { AuthCard, authLinkClass } from '../../features/auth/components/auth-card.tsx';
import { GoogleSignIn } from '../../features/auth/components/google-sign-in.tsx';
import { SignUpForm } from '../../features/auth/components/sign-up-form.tsx';
import { safeNextPath } from '../../features/auth/next-path.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

function RegisterPage() {
  useDocumentTitle('Sign Up');
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const keepNext = next === routes.home ? '' : `?${new URLSearchParams({ next })}`;

  return (
    <AuthCard
      icon={UserRoundPlus}
      title="Create your account"
      description={`Follow, subscribe to and message creators. You must be at least ${limits.minimumAge} years old.`}
      footer={
        <>
          Already have an account?{' '}
          <Link className={authLinkClass} to={`${pathTo('login')}${keepNext}`}>
            Sign In
          </Link>
        </>
      }
    >
      <GoogleSignIn />
      <SignUpForm />
    </AuthCard>
  );
}

export { RegisterPage as Component };

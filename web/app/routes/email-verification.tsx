import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { authMessages } from '#common/schemas/auth.ts';
import { AuthCard, authLinkClass } from '../../features/auth/components/auth-card.tsx';
import { VerifyEmailForm } from '../../features/auth/components/verify-email-form.tsx';
import { pendingEmail } from '../../features/auth/pending-email.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { getSession } from '../../lib/session.ts';

/** The address to verify: the one stored at sign-up or sign-in, else a signed-in unverified user's. */
function emailToVerify(): string | null {
  const session = getSession();
  return pendingEmail.get() ?? (session && !session.user.isEmailVerified ? session.user.email : null);
}

function EmailVerificationPage() {
  useDocumentTitle('Verify Email');
  const [email] = useState(emailToVerify);

  return (
    <AuthCard
      icon={MailCheck}
      title="Verify Email"
      description={
        email ? (
          <>
            We sent a 6-digit code to <span className="font-medium text-foreground">{email}</span>. Enter it
            below to finish setting up your account.
          </>
        ) : (
          'Enter the 6-digit code we emailed you.'
        )
      }
      footer={
        email ? (
          <>
            Wrong address?{' '}
            <Link className={authLinkClass} to={pathTo('register')}>
              Sign up again
            </Link>{' '}
            or{' '}
            <Link className={authLinkClass} to={pathTo('login')}>
              sign in
            </Link>
            .
          </>
        ) : undefined
      }
    >
      {email ? null : (
        <div role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm">
          <p className="font-medium text-destructive">{authMessages.emailToVerifyMissing}</p>
          <p className="mt-1 text-muted-foreground">
            <Link className={authLinkClass} to={pathTo('login')}>
              Sign in
            </Link>{' '}
            or{' '}
            <Link className={authLinkClass} to={pathTo('register')}>
              create an account
            </Link>{' '}
            first, and we will email you a code.
          </p>
        </div>
      )}
      <VerifyEmailForm key={email ?? ''} email={email} />
    </AuthCard>
  );
}

export { EmailVerificationPage as Component };

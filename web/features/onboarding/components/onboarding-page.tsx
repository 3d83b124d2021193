import { CircleAlert, MailCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { SignInPrompt } from '../../../components/sign-in-prompt.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { useOnboarding } from '../api/get-onboarding.ts';
import { OnboardingSkeleton } from './onboarding-skeleton.tsx';
import { OnboardingWizard } from './onboarding-wizard.tsx';

function Gate({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader
        title="Become a Creator"
        description="Share photos and videos and earn up to $3k monthly."
      />
      {children}
    </div>
  );
}

function VerifyEmailFirst() {
  return (
    <Gate>
      <EmptyState
        icon={MailCheck}
        title="Verify your email first"
        description="Creators need a verified email address, so we can reach you about your page and your payouts."
      >
        <Button asChild>
          <Link to={pathTo('emailVerification')}>Verify your email</Link>
        </Button>
      </EmptyState>
    </Gate>
  );
}

function OnboardingLoader({ userId }: { userId: string }) {
  const query = useOnboarding(userId);
  // Once loaded, the wizard owns the state; a later failed refetch must not throw the user out.
  if (query.data) return <OnboardingWizard key={userId} userId={userId} initial={query.data} />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.code === 'EMAIL_NOT_VERIFIED')
      return <VerifyEmailFirst />;
    return (
      <Gate>
        <EmptyState
          icon={CircleAlert}
          title="Your onboarding could not be loaded"
          description={query.error.message}
        >
          <Button onClick={() => void query.refetch()}>Try again</Button>
        </EmptyState>
      </Gate>
    );
  }
  return <OnboardingSkeleton />;
}

/** /creator: the onboarding for a signed-in account with a verified email. */
export function OnboardingPage() {
  const session = useSession();
  if (!session) {
    return (
      <Gate>
        <SignInPrompt reason="Sign in or create a free account to start your creator onboarding." />
      </Gate>
    );
  }
  if (!session.user.isEmailVerified) return <VerifyEmailFirst />;
  return <OnboardingLoader userId={session.user.id} />;
}

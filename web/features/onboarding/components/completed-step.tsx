import { CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import type { CreatorProfile } from '#common/schemas/creators.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useAppNavigate } from '../../../hooks/use-app-navigate.ts';
import { HeroPanel } from './hero-panel.tsx';

function statusText(creator: CreatorProfile | null): string {
  switch (creator?.status) {
    case 'approved':
      return 'Your creator profile has been approved and is live.';
    case 'rejected':
      return creator.rejectionReason
        ? `Your creator profile was not approved: ${creator.rejectionReason}`
        : 'Your creator profile was not approved.';
    default:
      return 'Your profile is waiting for review. Once our team approves it, fans can subscribe to you.';
  }
}

/** The last screen: the profile exists and is reviewed; from here the user goes home. */
export function CompletedStep({ creator }: { creator: CreatorProfile | null }) {
  const { go } = useAppNavigate();
  return (
    <HeroPanel className="text-center">
      <CircleCheck aria-hidden="true" className="mx-auto size-14" />
      <h2
        tabIndex={-1}
        data-step-heading=""
        className="mt-4 font-heading text-3xl font-bold tracking-tight outline-none"
      >
        You're all set{creator ? `, ${creator.displayName}` : ''}!
      </h2>
      <p className="mx-auto mt-3 max-w-lg text-white/90">{statusText(creator)}</p>
      <div className="mt-8 flex flex-col items-center gap-4">
        <Button
          size="lg"
          className="w-full bg-white text-violet-900 hover:bg-white/90 @md:w-auto"
          onClick={() => go('home')}
        >
          Go to home
        </Button>
        {creator ? (
          <Link
            className="text-sm font-semibold underline underline-offset-4 hover:text-white/80"
            to={pathTo('publicProfile', { id: creator.handle })}
          >
            View your public profile (@{creator.handle})
          </Link>
        ) : null}
      </div>
    </HeroPanel>
  );
}

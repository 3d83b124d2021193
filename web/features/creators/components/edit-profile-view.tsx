import { Sparkles, SquarePen } from 'lucide-react';
import { Link, Navigate } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useMyCreator } from '../api/get-my-creator.ts';
import { EditProfileForm } from './edit-profile-form.tsx';
import { SubscriptionPriceForm } from './subscription-price-form.tsx';

function FormSkeleton() {
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-5">
      <span className="sr-only">Loading your profile…</span>
      <Skeleton className="mb-12 h-36 rounded-2xl sm:h-44" />
      {['name', 'username'].map((field) => (
        <Skeleton key={field} className="h-10 w-full" />
      ))}
      <Skeleton className="h-28 w-full" />
    </div>
  );
}

/** Only the owner edits: the creator profile comes from /creators/me, never from the URL's id. */
export function EditProfileView({ id, userId }: { id: string; userId: string }) {
  const me = useMyCreator(userId);
  if (me.isPending) return <FormSkeleton />;
  if (me.isError) return <LoadError message={me.error.message} onRetry={() => void me.refetch()} />;

  const { creator } = me.data;
  if (!creator) {
    return (
      <EmptyState
        icon={Sparkles}
        title="You don't have a creator profile yet"
        description="Become a creator to get a public profile with a cover, avatar, username and bio."
      >
        <Button asChild>
          <Link to={pathTo('creator')}>Become a Creator</Link>
        </Button>
      </EmptyState>
    );
  }
  // The phone menu knows only the account id; it names the same profile.
  if (id === creator.userId && id !== creator.id) {
    return <Navigate to={pathTo('editProfile', { id: creator.id })} replace />;
  }
  if (id !== creator.id) {
    return (
      <EmptyState
        icon={SquarePen}
        title="This isn't your profile"
        description="You can only edit your own profile."
      >
        <Button asChild>
          <Link to={pathTo('editProfile', { id: creator.id })}>Edit my profile</Link>
        </Button>
      </EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-8">
      <EditProfileForm creator={creator} />
      <SubscriptionPriceForm creator={creator} />
    </div>
  );
}

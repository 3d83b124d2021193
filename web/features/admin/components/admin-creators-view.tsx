import { useSearchParams } from 'react-router';
import { type CreatorStatus, creatorStatuses } from '#common/schemas/creators.ts';
import { SignInPrompt } from '../../../components/sign-in-prompt.tsx';
import { useSession } from '../../../lib/session.ts';
import { CreatorReviewList, NotAdminState } from './creator-review-list.tsx';
import { ReviewStatusFilter } from './review-status-filter.tsx';

const isStatus = (value: string | null): value is CreatorStatus =>
  creatorStatuses.some((status) => status === value);

/** Creator review for admins; the status lives in the URL so a filtered list can be shared. */
export function AdminCreatorsView() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const requested = params.get('status');
  const status: CreatorStatus = isStatus(requested) ? requested : 'pending_review';

  if (!session) return <SignInPrompt reason="Sign in with an admin account to review creators." />;
  // The server refuses too (403); this only spares a request that cannot succeed.
  if (session.user.role !== 'admin') return <NotAdminState />;

  return (
    <div className="flex flex-col gap-5">
      <ReviewStatusFilter
        value={status}
        onChange={(next) => setParams(next === 'pending_review' ? {} : { status: next }, { replace: true })}
      />
      <CreatorReviewList key={status} status={status} />
    </div>
  );
}

import { useSearchParams } from 'react-router';
import { type CreatorStatus, creatorStatuses } from '#common/schemas/creators.ts';
import { AdminGate } from '../../../components/admin-gate.tsx';
import { CreatorReviewList, REVIEW_TASK } from './creator-review-list.tsx';
import { ReviewStatusFilter } from './review-status-filter.tsx';

const isStatus = (value: string | null): value is CreatorStatus =>
  creatorStatuses.some((status) => status === value);

/** Creator review for admins; the status lives in the URL so a filtered list can be shared. */
export function AdminCreatorsView() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('status');
  const status: CreatorStatus = isStatus(requested) ? requested : 'pending_review';

  return (
    <AdminGate task={REVIEW_TASK}>
      <div className="flex flex-col gap-5">
        <ReviewStatusFilter
          value={status}
          onChange={(next) => setParams(next === 'pending_review' ? {} : { status: next }, { replace: true })}
        />
        <CreatorReviewList key={status} status={status} />
      </div>
    </AdminGate>
  );
}

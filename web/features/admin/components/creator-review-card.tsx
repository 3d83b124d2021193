import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import type { CreatorReview } from '#common/schemas/creators.ts';
import { Avatar, AvatarFallback, AvatarImage } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatShortDate as formatDate } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useApproveCreator } from '../api/approve-creator.ts';
import { fullName } from '../format.ts';
import { IdentityDocumentButton } from './identity-document-button.tsx';
import { RejectCreatorDialog } from './reject-creator-dialog.tsx';

/** One application: who applied, what they submitted, and the decision buttons that still apply. */
export function CreatorReviewCard({ review }: { review: CreatorReview }) {
  const { creator, account } = review;
  const approve = useApproveCreator();
  const [rejecting, setRejecting] = useState(false);
  const name = fullName(account);
  const details = [
    { term: 'Account', value: `${name} · ${account.email}` },
    { term: 'Country', value: review.country },
    { term: 'Identity', value: review.identity },
    { term: 'Submitted', value: formatDate(review.submittedAt) },
    ...(review.reviewedAt ? [{ term: 'Reviewed', value: formatDate(review.reviewedAt) }] : []),
    ...(creator.rejectionReason ? [{ term: 'Reason', value: creator.rejectionReason }] : []),
  ];

  function onApprove(): void {
    approve.mutate(creator.id, {
      onSuccess: () => toast.success(`${creator.displayName} was approved`),
      onError: (error) => toast.error(error.message),
    });
  }

  return (
    <article
      aria-labelledby={`review-${creator.id}`}
      className="flex flex-col gap-4 rounded-2xl border border-border p-4 sm:p-5"
    >
      <header className="flex items-center gap-3">
        <Avatar className="size-12">
          {creator.avatarUrl ? <AvatarImage src={creator.avatarUrl} alt="" /> : null}
          <AvatarFallback>{creator.displayName.charAt(0).toUpperCase() || '?'}</AvatarFallback>
        </Avatar>
        <div className="min-w-0">
          <h2 id={`review-${creator.id}`} className="truncate font-heading font-semibold">
            {creator.displayName}
          </h2>
          <Link
            to={pathTo('publicProfile', { id: creator.handle })}
            className="text-sm text-muted-foreground underline-offset-2 hover:underline"
          >
            @{creator.handle}
          </Link>
        </div>
      </header>
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        {details.map(({ term, value }) => (
          <div key={term} className="contents">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap items-center gap-2">
        <IdentityDocumentButton url={review.document?.urls.document ?? null} ownerName={name} />
        {creator.status !== 'approved' ? (
          <Button
            size="sm"
            onClick={onApprove}
            disabled={approve.isPending}
            aria-label={`Approve ${creator.displayName}`}
          >
            <Check aria-hidden="true" />
            {approve.isPending ? 'Approving…' : 'Approve'}
          </Button>
        ) : null}
        {creator.status !== 'rejected' ? (
          <Button
            size="sm"
            variant="destructive"
            onClick={() => setRejecting(true)}
            aria-label={`Reject ${creator.displayName}`}
          >
            <X aria-hidden="true" />
            Reject
          </Button>
        ) : null}
      </div>
      <RejectCreatorDialog creator={creator} open={rejecting} onOpenChange={setRejecting} />
    </article>
  );
}

import { Clock, TriangleAlert } from 'lucide-react';
import type { CreatorProfile } from '#common/schemas/creators.ts';

/** Only the owner sees it: others cannot open a profile that is not approved. */
export function ProfileStatusBanner({ profile }: { profile: CreatorProfile }) {
  if (!profile.viewer.isOwner || profile.status === 'approved') return null;
  if (profile.status === 'pending_review') {
    return (
      <div role="status" className="flex gap-3 rounded-xl border border-border bg-muted/60 p-4 text-sm">
        <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        <div>
          <p className="font-semibold">Your profile is waiting for review</p>
          <p className="text-muted-foreground">
            We check every new creator's identity document. Until then only you can see this page.
          </p>
        </div>
      </div>
    );
  }
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-xl border border-destructive/50 bg-destructive/10 p-4 text-sm"
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-destructive" />
      <div>
        <p className="font-semibold">Your profile was not approved</p>
        <p className="text-muted-foreground">
          {profile.rejectionReason ?? 'No reason was given.'} Contact support if you have questions.
        </p>
      </div>
    </div>
  );
}

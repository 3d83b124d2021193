import { Gavel, LoaderCircle, UserX } from 'lucide-react';
import { useId, useState } from 'react';
import type { Takedown, TakedownStatus } from '#common/schemas/leaks.ts';
import { AdminGate, AdminOnlyState } from '../../../components/admin-gate.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatShortDate } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useAdminTakedowns, useSuspendTracedAccount } from '../api/takedowns.ts';
import { ListError, ListLoading } from './admin-states.tsx';

const TASK = 'review takedowns';

/** Where a takedown stands, as the creator recorded it. */
const statusLabels: Record<TakedownStatus, string> = {
  open: 'Not sent yet',
  sent: 'Sent to the host',
  removed: 'Removed by the host',
  refused: 'Refused by the host',
};

/** Asks before suspending: the account can no longer sign in and its sessions end. */
function SuspendDialog({
  takedown,
  name,
  open,
  onOpenChange,
}: {
  takedown: Takedown;
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const suspend = useSuspendTracedAccount();
  async function confirm() {
    try {
      await suspend.mutateAsync(takedown.id);
      toast.success(`${name} is suspended`);
      onOpenChange(false);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The account could not be suspended');
    }
  }
  return (
    <Dialog open={open} onOpenChange={(next) => !suspend.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogTitle>Suspend {name}?</DialogTitle>
        <DialogDescription>
          The copy found at <span className="break-all">{takedown.foundUrl}</span> was traced to this account.
          Once suspended, it cannot sign in and its open sessions end. The takedown is kept as the reason.
        </DialogDescription>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={suspend.isPending}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            onClick={() => void confirm()}
            disabled={suspend.isPending}
            aria-busy={suspend.isPending || undefined}
          >
            {suspend.isPending ? (
              <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
            ) : null}
            {suspend.isPending ? 'Suspending…' : 'Suspend account'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function TakedownCard({ takedown }: { takedown: Takedown }) {
  const titleId = useId();
  const [asking, setAsking] = useState(false);
  const traced = takedown.tracedAccount;
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-2xl border border-border p-4 sm:p-5"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={titleId} className="min-w-0 break-all font-heading font-semibold">
          <a
            href={takedown.foundUrl}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="underline"
          >
            {takedown.foundUrl}
          </a>
        </h2>
        <Badge variant="outline">{statusLabels[takedown.status]}</Badge>
      </header>
      <dl className="grid gap-1 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-4">
        <dt className="text-muted-foreground">Opened</dt>
        <dd>{formatShortDate(takedown.createdAt)}</dd>
        <dt className="text-muted-foreground">Traced to</dt>
        <dd>
          {traced ? (
            <>
              {traced.name}
              {traced.suspended ? (
                <Badge variant="secondary" className="ml-2">
                  Suspended
                </Badge>
              ) : null}
            </>
          ) : (
            'No account (the copy carried no readable mark)'
          )}
        </dd>
      </dl>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium">The notice sent to the host</summary>
        <pre className="mt-2 whitespace-pre-wrap break-words rounded-md bg-muted/40 p-3 font-mono text-xs">
          {takedown.notice}
        </pre>
      </details>
      {traced && !traced.suspended ? (
        <>
          <Button
            variant="outline"
            className="self-start"
            aria-describedby={titleId}
            onClick={() => setAsking(true)}
          >
            <UserX aria-hidden="true" />
            Suspend {traced.name}
          </Button>
          <SuspendDialog takedown={takedown} name={traced.name} open={asking} onOpenChange={setAsking} />
        </>
      ) : null}
    </article>
  );
}

function Takedowns() {
  const list = useAdminTakedowns();
  if (list.isPending) return <ListLoading label="Loading takedowns…" />;
  if (list.isError) {
    if (list.error instanceof ApiError && list.error.status === 403) return <AdminOnlyState task={TASK} />;
    return <ListError message={list.error.message} onRetry={() => void list.refetch()} />;
  }
  if (list.data.items.length === 0)
    return (
      <EmptyState
        icon={Gavel}
        title="No takedowns yet"
        description="When a creator traces a leaked copy and opens a takedown, it appears here."
      />
    );
  return (
    <ul className="flex flex-col gap-4">
      {list.data.items.map((takedown) => (
        <li key={takedown.id}>
          <TakedownCard takedown={takedown} />
        </li>
      ))}
    </ul>
  );
}

/** Every takedown creators opened, with the account each traced and a way to suspend it. */
export function AdminTakedownsView() {
  return (
    <AdminGate task={TASK}>
      <Takedowns />
    </AdminGate>
  );
}

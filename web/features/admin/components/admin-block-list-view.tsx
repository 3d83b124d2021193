import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { Ban, ShieldOff, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { BlockListEntry, BlockListSource, RefusedUpload } from '#common/schemas/block-list.ts';
import { AdminGate, AdminOnlyState } from '../../../components/admin-gate.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatShortDate } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useRemoveBlockListEntry } from '../api/change-block-list.ts';
import { useBlockList } from '../api/get-block-list.ts';
import { useRefusedUploads } from '../api/get-refused-uploads.ts';
import { ListError, ListLoading, LoadMore } from './admin-states.tsx';
import { BlockListForm } from './block-list-form.tsx';
import { StatusToggle } from './status-toggle.tsx';

type Tab = 'entries' | 'refusals';
const tabs: Record<Tab, string> = { entries: 'Blocked', refusals: 'Refused uploads' };
const TASK = 'manage the block list';

export const sourceLabels: Record<BlockListSource, string> = {
  moderation: 'Removed by moderation',
  takedown: 'Takedown',
  admin: 'Added by an admin',
};

/** What a refused upload matched, after "matched". */
const matchedLabels: Record<BlockListSource, string> = {
  moderation: 'media removed by moderation',
  takedown: 'media taken down',
  admin: 'a hash added by an admin',
};

function EntryCard({ entry }: { entry: BlockListEntry }) {
  const remove = useRemoveBlockListEntry();
  const titleId = `entry-${entry.id}`;
  const onRemove = async () => {
    try {
      await remove.mutateAsync(entry.id);
      toast.success('Removed from the block list');
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : 'The entry could not be removed');
    }
  };
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-2xl border border-border p-4 sm:p-5"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={titleId} className="font-heading font-semibold">
          {sourceLabels[entry.source]}
        </h2>
        <Badge variant="outline">
          {entry.refusals === 1 ? '1 upload refused' : `${entry.refusals} uploads refused`}
        </Badge>
      </header>
      <dl className="grid gap-1 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-4">
        <dt className="text-muted-foreground">Note</dt>
        <dd>{entry.note || 'None given'}</dd>
        {entry.ownerEmail ? (
          <>
            <dt className="text-muted-foreground">Uploaded by</dt>
            <dd className="break-all">{entry.ownerEmail}</dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">Added</dt>
        <dd>
          {formatShortDate(entry.createdAt)}
          {entry.createdByEmail ? ` by ${entry.createdByEmail}` : ''}
        </dd>
        <dt className="text-muted-foreground">
          {entry.hashes.length === 1 ? 'Hash' : `Hashes (${entry.hashes.length})`}
        </dt>
        <dd className="break-all font-mono text-xs">{entry.hashes[0]}</dd>
      </dl>
      <Button
        variant="outline"
        className="self-start"
        disabled={remove.isPending}
        aria-describedby={titleId}
        onClick={() => void onRemove()}
      >
        <Trash2 aria-hidden="true" />
        Remove from block list
      </Button>
    </article>
  );
}

function RefusalRow({ refusal }: { refusal: RefusedUpload }) {
  return (
    <li className="flex flex-col gap-1 rounded-2xl border border-border p-4 text-sm">
      <p className="break-all font-medium">
        {refusal.userEmail ?? 'Account deleted'} tried to upload a{' '}
        {refusal.kind === 'photo' ? 'photo' : 'video'}
      </p>
      <p className="text-muted-foreground">
        {formatShortDate(refusal.createdAt)} · matched{' '}
        {refusal.source ? matchedLabels[refusal.source] : 'an entry since removed'}
        {refusal.note ? ` (“${refusal.note}”)` : ''} · {refusal.distance} of 256 bits differ
      </p>
    </li>
  );
}

function forbidden(error: unknown) {
  return error instanceof ApiError && error.status === 403;
}

/** The states every list of this screen goes through: loading, admins only, failed, empty, pages. */
function Pages<T extends { id: string }>({
  list,
  loadingLabel,
  empty,
  className,
  children,
}: {
  list: UseInfiniteQueryResult<InfiniteData<{ items: T[] }>, Error>;
  loadingLabel: string;
  empty: ReactNode;
  className: string;
  children: (item: T) => ReactNode;
}) {
  if (list.isPending) return <ListLoading label={loadingLabel} />;
  if (list.isError) {
    if (forbidden(list.error)) return <AdminOnlyState task={TASK} />;
    return <ListError message={list.error.message} onRetry={() => void list.refetch()} />;
  }
  const items = list.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return empty;
  return (
    <div className="flex flex-col gap-4">
      <ul className={className}>{items.map(children)}</ul>
      <LoadMore
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        onLoad={() => void list.fetchNextPage()}
      />
    </div>
  );
}

function Entries() {
  return (
    <Pages
      list={useBlockList()}
      loadingLabel="Loading the block list…"
      className="flex flex-col gap-4"
      empty={
        <EmptyState
          icon={ShieldOff}
          title="The block list is empty"
          description="Media removed by moderation or a takedown appears here, and so do hashes you add."
        />
      }
    >
      {(entry) => (
        <li key={entry.id}>
          <EntryCard entry={entry} />
        </li>
      )}
    </Pages>
  );
}

function Refusals() {
  return (
    <Pages
      list={useRefusedUploads()}
      loadingLabel="Loading refused uploads…"
      className="flex flex-col gap-3"
      empty={
        <EmptyState
          icon={Ban}
          title="No refused uploads"
          description="Uploads that match the block list are refused and listed here."
        />
      }
    >
      {(refusal) => <RefusalRow key={refusal.id} refusal={refusal} />}
    </Pages>
  );
}

/** The re-upload block list and the uploads it refused; the tab lives in the URL. */
export function AdminBlockListView() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('show') === 'refusals' ? 'refusals' : 'entries';
  return (
    <AdminGate task={TASK}>
      <div className="flex flex-col gap-5">
        <StatusToggle
          value={tab}
          labels={tabs}
          onChange={(next) => setParams(next === 'entries' ? {} : { show: next }, { replace: true })}
        />
        {tab === 'entries' ? (
          <>
            <BlockListForm />
            <Entries />
          </>
        ) : (
          <Refusals />
        )}
      </div>
    </AdminGate>
  );
}

import { ListChecks, Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { type CreatorList, listLimits, listMessages } from '#common/schemas/engagement.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { showActionError } from '../../../lib/action-error.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateList, useDeleteList, useLists, useRenameList } from '../api/lists.ts';

/** A name box that says the server's reason (taken, too long) next to it. */
function NameForm({
  label,
  submitLabel,
  initial = '',
  onSubmit,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  initial?: string;
  onSubmit: (name: string) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const [name, setName] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const trimmed = name.trim();
    if (!trimmed) return setProblem(listMessages.nameRequired);
    if (trimmed.length > listLimits.nameMaxLength) return setProblem(listMessages.nameTooLong);
    setBusy(true);
    try {
      await onSubmit(trimmed);
      setProblem(null);
      setName('');
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) setProblem(error.message);
      else showActionError(error, 'Could not save the list');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={name}
          onChange={(event) => setName(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          autoComplete="off"
        />
        <Button type="submit" aria-disabled={busy || undefined}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
      {problem ? (
        <p id={`${id}-problem`} className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

function ListRow({ list }: { list: CreatorList }) {
  const rename = useRenameList();
  const remove = useDeleteList();
  const [editing, setEditing] = useState(false);
  if (editing)
    return (
      <li className="rounded-xl border border-border p-3">
        <NameForm
          label={`New name for ${list.name}`}
          submitLabel="Save"
          initial={list.name}
          onCancel={() => setEditing(false)}
          onSubmit={async (name) => {
            await rename.mutateAsync({ id: list.id, name });
            setEditing(false);
          }}
        />
      </li>
    );
  return (
    <li className="flex items-center gap-2 rounded-xl border border-border p-3">
      <Link to={pathTo('list', { id: list.id })} className="min-w-0 flex-1 rounded-md hover:underline">
        <span className="font-medium">{list.name}</span>
        <span className="ml-2 text-sm text-muted-foreground">
          {list.memberCount} {list.memberCount === 1 ? 'creator' : 'creators'}
        </span>
      </Link>
      {list.builtIn ? null : (
        <>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={`Rename ${list.name}`}
            onClick={() => setEditing(true)}
          >
            <Pencil aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={`Delete ${list.name}`}
            aria-disabled={remove.isPending || undefined}
            onClick={() => {
              if (
                remove.isPending ||
                !window.confirm(`Delete the list "${list.name}"? The creators in it stay followed as before.`)
              )
                return;
              remove.mutate(list.id, {
                onSuccess: () => toast.success('List deleted'),
                onError: (error) => showActionError(error, 'Could not delete the list'),
              });
            }}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </>
      )}
    </li>
  );
}

/** The Lists page: Favourites and the fan's own lists, each leading to its feed. */
export function ListsManager({ userId }: { userId: string }) {
  const lists = useLists(userId);
  const create = useCreateList();
  return (
    <div className="flex flex-col gap-6">
      <NameForm label="New list" submitLabel="Create" onSubmit={(name) => create.mutateAsync(name)} />
      {lists.isPending ? (
        <div role="status" className="flex flex-col gap-2">
          <span className="sr-only">Loading your lists…</span>
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      ) : lists.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2 text-sm">
          <p>Your lists could not be loaded. {lists.error.message}</p>
          <Button size="sm" variant="outline" onClick={() => void lists.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <ul className="flex flex-col gap-2" aria-label="Your lists">
            {lists.data.items.map((list) => (
              <ListRow key={list.id} list={list} />
            ))}
          </ul>
          {lists.data.items.every((list) => list.memberCount === 0) ? (
            <EmptyState
              icon={ListChecks}
              title="Your lists are empty"
              description="Open a creator's profile and use Add to list to put them in one."
            />
          ) : null}
        </>
      )}
    </div>
  );
}

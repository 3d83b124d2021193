import { Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { fanListLimits } from '#common/schemas/mass-messages.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { toast } from '../../../lib/toast.ts';
import { useCreateFanList, useDeleteFanList, useFanLists } from '../api/mass-messages.ts';

/** A new list's name field and button; `onCreated` gets the new list (to add a fan to it at once). */
export function NewFanListForm({
  userId,
  onCreated,
}: {
  userId: string;
  onCreated?: (list: { id: string; name: string }) => void;
}) {
  const create = useCreateFanList(userId);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    event.stopPropagation();
    if (name.trim() === '') {
      setProblem('Please name the list');
      return;
    }
    try {
      const list = await create.mutateAsync(name.trim());
      setName('');
      setProblem(null);
      onCreated?.(list);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The list could not be made.');
    }
  }
  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-1.5" noValidate>
      <div className="flex gap-2">
        <Input
          value={name}
          maxLength={fanListLimits.nameMax}
          onChange={(event) => {
            setName(event.target.value);
            setProblem(null);
          }}
          placeholder="New list, e.g. VIP"
          aria-label="New list name"
          aria-invalid={problem ? true : undefined}
        />
        <Button type="submit" variant="outline" disabled={create.isPending}>
          Make list
        </Button>
      </div>
      {problem ? (
        <p role="alert" className="text-xs font-medium text-destructive">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

/** Settings' list of the creator's subscribers, where each row's menu adds the fan to a list. */
const subscribersPath = `${pathTo('settings')}?tab=payments&view=subscriptions`;

/** The creator's lists of fans: how many each holds; fans are added from the subscribers screen. */
export function FanListsSection({ userId }: { userId: string }) {
  const lists = useFanLists(userId);
  const remove = useDeleteFanList(userId);
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        Add fans to a list from{' '}
        <Link to={subscribersPath} className="font-medium text-foreground underline underline-offset-4">
          Your subscribers
        </Link>{' '}
        in Settings › Payment &amp; Subscription › Manage Subscriptions: open a subscriber’s … menu and choose
        Add to a list.
      </p>
      {lists.isPending ? (
        <Skeleton role="status" aria-label="Loading your lists" className="h-10 w-full rounded-lg" />
      ) : lists.isError ? (
        <div role="alert" className="grid justify-items-start gap-2 text-sm">
          <p>Your lists could not be loaded: {lists.error.message}</p>
          <Button size="sm" variant="outline" onClick={() => void lists.refetch()}>
            Try again
          </Button>
        </div>
      ) : lists.data.items.length === 0 ? (
        <p className="text-sm">No lists yet.</p>
      ) : (
        <ul aria-label="Your lists of fans" className="grid gap-2">
          {lists.data.items.map((list) => (
            <li
              key={list.id}
              className="flex items-center justify-between gap-2 rounded-lg border border-border px-3 py-2"
            >
              <span className="text-sm">
                <span className="font-medium">{list.name}</span>{' '}
                <span className="text-muted-foreground">
                  ({list.count} {list.count === 1 ? 'fan' : 'fans'})
                </span>
              </span>
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={`Delete the list ${list.name}`}
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(list.id, {
                    onSuccess: () => toast.success(`Deleted the list ${list.name}`),
                    onError: (error) => toast.error(error.message),
                  })
                }
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <NewFanListForm userId={userId} />
    </div>
  );
}

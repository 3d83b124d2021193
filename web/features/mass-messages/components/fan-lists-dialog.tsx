import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { toast } from '../../../lib/toast.ts';
import { useFanLists, useToggleFanOnList } from '../api/mass-messages.ts';
import { NewFanListForm } from './fan-lists-section.tsx';

/** Puts one fan on the creator's lists (or takes them off); a new list can be made here too. */
export function FanListsDialog({
  userId,
  fan,
  onClose,
}: {
  userId: string;
  fan: { userId: string; name: string };
  onClose: () => void;
}) {
  const lists = useFanLists(userId, fan.userId);
  const toggle = useToggleFanOnList(userId);
  const set = (listId: string, name: string, on: boolean) =>
    toggle.mutate(
      { listId, fanId: fan.userId, on },
      {
        onSuccess: () => toast.success(on ? `Added ${fan.name} to ${name}` : `Took ${fan.name} off ${name}`),
        onError: (error) => toast.error(error.message),
      },
    );
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="sm:max-w-md">
        <DialogTitle>Lists for {fan.name}</DialogTitle>
        <DialogDescription>Send a mass message to a list from Mass messages.</DialogDescription>
        {lists.isPending ? (
          <Skeleton role="status" aria-label="Loading your lists" className="h-16 w-full rounded-lg" />
        ) : lists.isError ? (
          <p role="alert" className="text-sm">
            Your lists could not be loaded: {lists.error.message}
          </p>
        ) : lists.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">You have no lists yet: make one below.</p>
        ) : (
          <ul aria-label="Your lists of fans" className="grid gap-1">
            {lists.data.items.map((list) => (
              <li key={list.id}>
                <label className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-2 text-sm hover:bg-muted has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    checked={list.hasFan === true}
                    disabled={toggle.isPending}
                    onChange={(event) => set(list.id, list.name, event.target.checked)}
                  />
                  <span className="flex-1">{list.name}</span>
                  <span className="text-xs text-muted-foreground">{list.count}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
        <NewFanListForm userId={userId} onCreated={(list) => set(list.id, list.name, true)} />
      </DialogContent>
    </Dialog>
  );
}

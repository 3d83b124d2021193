import { useId } from 'react';
import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { showActionError } from '../../../lib/action-error.ts';
import { useMembership, useSetListMember } from '../api/lists.ts';

interface AddToListDialogProps {
  creator: { id: string; handle: string; displayName: string };
  onClose: () => void;
  returnFocusTo: HTMLElement | null;
}

/** A checkbox per list of the viewer's, ticked where the creator already is; mounted open. */
export function AddToListDialog({ creator, onClose, returnFocusTo }: AddToListDialogProps) {
  const membership = useMembership(creator.handle, true);
  const setMember = useSetListMember(creator.handle);
  const legend = useId();

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="max-w-sm"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (returnFocusTo?.isConnected) returnFocusTo.focus();
        }}
      >
        <DialogTitle>Add to list</DialogTitle>
        <DialogDescription>Choose the lists {creator.displayName} belongs in.</DialogDescription>
        {membership.isPending ? (
          <div role="status" className="flex flex-col gap-2">
            <span className="sr-only">Loading your lists…</span>
            <Skeleton className="h-6 w-2/3" />
            <Skeleton className="h-6 w-1/2" />
          </div>
        ) : membership.isError ? (
          <div role="alert" className="flex flex-col items-start gap-2 text-sm">
            <p>Your lists could not be loaded. {membership.error.message}</p>
            <Button size="sm" variant="outline" onClick={() => void membership.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <fieldset className="flex flex-col gap-1" aria-labelledby={legend}>
            <legend id={legend} className="sr-only">
              Your lists
            </legend>
            {membership.data.items.map((list) => (
              <label
                key={list.id}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 hover:bg-accent"
              >
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={list.hasCreator}
                  onChange={(event) =>
                    setMember.mutate(
                      { listId: list.id, creatorId: creator.id, inList: event.target.checked },
                      { onError: (error) => showActionError(error, 'Could not change the list') },
                    )
                  }
                />
                <span className="flex-1">{list.name}</span>
                <span className="text-xs text-muted-foreground">{list.memberCount}</span>
              </label>
            ))}
          </fieldset>
        )}
        <div className="flex justify-between gap-2 pt-2">
          <Button asChild variant="link" className="px-0">
            <Link to={pathTo('lists')}>Manage lists</Link>
          </Button>
          <Button onClick={onClose}>Done</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

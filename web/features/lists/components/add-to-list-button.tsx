import { ListPlus, LoaderCircle } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { openAuthModal } from '../../../lib/auth-modal.ts';
import { useSession } from '../../../lib/session.ts';

// The dialog loads when it is opened: a profile's first page does without its code.
const AddToListDialog = lazy(() =>
  import('./add-to-list-dialog.tsx').then((module) => ({ default: module.AddToListDialog })),
);

/** The profile's "Add to list": a checkbox per list of the viewer's, ticked where the creator already is. */
export function AddToListButton({
  creator,
}: {
  creator: { id: string; handle: string; displayName: string };
}) {
  const session = useSession();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  return (
    <>
      <Button
        ref={button}
        variant="outline"
        size="icon"
        aria-label={`Add ${creator.displayName} to a list`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => (session ? setOpen(true) : openAuthModal('signin'))}
      >
        <ListPlus aria-hidden="true" />
      </Button>
      {open ? (
        <Suspense
          fallback={
            <span role="status" className="sr-only">
              <LoaderCircle aria-hidden="true" />
              Opening your lists…
            </span>
          }
        >
          <AddToListDialog creator={creator} onClose={() => setOpen(false)} returnFocusTo={button.current} />
        </Suspense>
      ) : null}
    </>
  );
}

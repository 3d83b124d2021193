import { Flag, Pencil, Pin, PinOff, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { usePinPost } from '../api/pin-post.ts';
import type { PostDialogName } from './post-dialogs.tsx';
import { PostOptionsButton } from './post-options-button.tsx';

interface PostOwnerMenuProps {
  /** Owners edit and delete; admins who do not own the post may only delete it. */
  canEdit: boolean;
  /** Owners and admins delete (default); anyone else signed in reports instead. */
  canDelete?: boolean;
  canReport?: boolean;
  /** The owner's published post: pin it on top of their profile, or unpin it. */
  pin?: { postId: string; pinned: boolean };
  onChoose: (dialog: PostDialogName, returnFocusTo: HTMLElement | null) => void;
  /** Mounted open: at the first press on the button that stands in for it (post-card.tsx). */
  defaultOpen?: boolean;
}

/** Non-modal, so the dialog it opens takes over focus cleanly once the menu closes. */
export function PostOwnerMenu({
  canEdit,
  canDelete = true,
  canReport = false,
  pin,
  onChoose,
  defaultOpen = false,
}: PostOwnerMenuProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  const pinning = usePinPost();
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <PostOptionsButton ref={trigger} />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {canEdit ? (
          <DropdownMenuItem onSelect={() => onChoose('edit', trigger.current)}>
            <Pencil aria-hidden="true" />
            Edit post
          </DropdownMenuItem>
        ) : null}
        {pin ? (
          <DropdownMenuItem
            disabled={pinning.isPending}
            onSelect={() => pinning.mutate({ postId: pin.postId, pinned: !pin.pinned })}
          >
            {pin.pinned ? <PinOff aria-hidden="true" /> : <Pin aria-hidden="true" />}
            {pin.pinned ? 'Unpin from your profile' : 'Pin to your profile'}
          </DropdownMenuItem>
        ) : null}
        {canReport ? (
          <DropdownMenuItem onSelect={() => onChoose('report', trigger.current)}>
            <Flag aria-hidden="true" />
            Report post
          </DropdownMenuItem>
        ) : null}
        {canDelete ? (
          <DropdownMenuItem
            className="text-destructive data-[highlighted]:text-destructive"
            onSelect={() => onChoose('delete', trigger.current)}
          >
            <Trash2 aria-hidden="true" />
            Delete post
          </DropdownMenuItem>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

import { Ellipsis, Flag, Pencil, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import type { PostDialogName } from './post-dialogs.tsx';

interface PostOwnerMenuProps {
  /** Owners edit and delete; admins who do not own the post may only delete it. */
  canEdit: boolean;
  /** Owners and admins delete (default); anyone else signed in reports instead. */
  canDelete?: boolean;
  canReport?: boolean;
  onChoose: (dialog: PostDialogName, returnFocusTo: HTMLElement | null) => void;
}

/** Non-modal, so the dialog it opens takes over focus cleanly once the menu closes. */
export function PostOwnerMenu({
  canEdit,
  canDelete = true,
  canReport = false,
  onChoose,
}: PostOwnerMenuProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button
          ref={trigger}
          variant="ghost"
          size="icon-sm"
          className="rounded-full"
          aria-label="Post options"
        >
          <Ellipsis aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {canEdit ? (
          <DropdownMenuItem onSelect={() => onChoose('edit', trigger.current)}>
            <Pencil aria-hidden="true" />
            Edit description
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

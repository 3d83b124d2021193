import { useQueryClient } from '@tanstack/react-query';
import { Ban, Ellipsis, Flag } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { toast } from '../../../lib/toast.ts';
import { creatorQueryOptions } from '../../creators/index.ts';
import { BlockUserDialog } from './block-user-dialog.tsx';
import { ReportDialog } from './report-dialog.tsx';

interface ChatSafetyMenuProps {
  /** The other person in the conversation: a user id, and a handle when they are a creator. */
  person: { id: string; name: string; handle: string | null };
}

/**
 * The "..." menu in a chat's header: Report profile (creators have one) and Block. A single message
 * is reported from the message itself.
 */
export function ChatSafetyMenu({ person }: ChatSafetyMenuProps) {
  const queryClient = useQueryClient();
  const trigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState<{ dialog: 'report'; profileId: string } | { dialog: 'block' } | null>(
    null,
  );

  async function reportProfile(handle: string): Promise<void> {
    try {
      const profile = await queryClient.fetchQuery(creatorQueryOptions(handle));
      setOpen({ dialog: 'report', profileId: profile.id });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Could not open this profile');
    }
  }

  const handle = person.handle;
  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button ref={trigger} variant="ghost" size="icon" aria-label={`More options for ${person.name}`}>
            <Ellipsis aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {handle ? (
            <DropdownMenuItem onSelect={() => void reportProfile(handle)}>
              <Flag aria-hidden="true" />
              Report profile
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuItem
            className="text-destructive data-[highlighted]:text-destructive"
            onSelect={() => setOpen({ dialog: 'block' })}
          >
            <Ban aria-hidden="true" />
            Block {person.name}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {open?.dialog === 'report' ? (
        <ReportDialog
          target={{ type: 'profile', id: open.profileId }}
          open
          onOpenChange={(next) => {
            if (!next) setOpen(null);
          }}
          returnFocusTo={trigger.current}
        />
      ) : null}
      <BlockUserDialog
        user={{ id: person.id, name: person.name }}
        open={open?.dialog === 'block'}
        onOpenChange={(next) => setOpen(next ? { dialog: 'block' } : null)}
      />
    </>
  );
}

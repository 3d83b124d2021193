import { Ban, Ellipsis, Flag } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { openAuthModal } from '../../../lib/auth-modal.ts';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { BlockUserDialog } from './block-user-dialog.tsx';
import type { ProfileSafetyMenuProps } from './profile-safety-menu.tsx';
import { ReportDialog } from './report-dialog.tsx';

const SAFETY_SIGN_IN = 'Please sign in to report or block';

/** The "..." menu on someone else's creator page: Report profile, Block (loaded by profile-safety-menu.tsx). */
export function ProfileSafetyDropdown({
  profile,
  onBlocked,
  defaultOpen = false,
}: ProfileSafetyMenuProps & { defaultOpen?: boolean }) {
  const session = useSession();
  const trigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState<'report' | 'block' | null>(null);

  function choose(dialog: 'report' | 'block'): void {
    if (!session) {
      toast.error(SAFETY_SIGN_IN);
      openAuthModal('signin');
      return;
    }
    setOpen(dialog);
  }

  return (
    <>
      <DropdownMenu modal={false} defaultOpen={defaultOpen}>
        <DropdownMenuTrigger asChild>
          <Button
            ref={trigger}
            variant="outline"
            size="icon"
            aria-label={`More options for ${profile.displayName}`}
          >
            <Ellipsis aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => choose('report')}>
            <Flag aria-hidden="true" />
            Report profile
          </DropdownMenuItem>
          <DropdownMenuItem
            className="text-destructive data-[highlighted]:text-destructive"
            onSelect={() => choose('block')}
          >
            <Ban aria-hidden="true" />
            Block {profile.displayName}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {open === 'report' ? (
        <ReportDialog
          target={{ type: 'profile', id: profile.id }}
          open
          onOpenChange={(next) => setOpen(next ? 'report' : null)}
          returnFocusTo={trigger.current}
        />
      ) : null}
      <BlockUserDialog
        user={{ id: profile.userId, name: profile.displayName }}
        open={open === 'block'}
        onOpenChange={(next) => setOpen(next ? 'block' : null)}
        onBlocked={onBlocked}
      />
    </>
  );
}

import { Ellipsis, ShieldOff, UserRound, UserX } from 'lucide-react';
import { useRef } from 'react';
import type { BlockedUser } from '#common/schemas/safety.ts';
import { Avatar, AvatarFallback } from '../../../components/ui/avatar.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { formatShortDate } from '../../../lib/format.ts';
import { initialsOf, personLabel } from '../../../lib/user-display.ts';
import type { BlockedUserAction } from './blocked-user-dialogs.tsx';

interface BlockedUserRowProps {
  user: BlockedUser;
  onChoose: (action: BlockedUserAction, returnFocusTo: HTMLElement | null) => void;
}

/** One blocked person: who, since when, and the row menu (non-modal, so its dialog takes focus cleanly). */
export function BlockedUserRow({ user, onChoose }: BlockedUserRowProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  const [firstName = '', ...rest] = user.name.split(' ');
  const choose = (action: BlockedUserAction) => () => onChoose(action, trigger.current);
  return (
    <li className="flex items-center gap-3 p-3">
      <Avatar className="size-10 shrink-0">
        <AvatarFallback>{initialsOf({ firstName, lastName: rest.join(' '), email: '' })}</AvatarFallback>
      </Avatar>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{user.name}</p>
        <p className="truncate text-xs text-muted-foreground">
          {user.handle ? `@${user.handle}` : 'Not a creator'}
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground sm:hidden">
          <Badge variant="outline">{user.status}</Badge>
          <span>Since {formatShortDate(user.blockedDate)}</span>
        </p>
      </div>
      <Badge variant="outline" className="hidden sm:inline-flex">
        {user.status}
      </Badge>
      <span className="hidden w-28 text-right text-xs text-muted-foreground sm:inline">
        <span className="sr-only">Blocked on </span>
        {formatShortDate(user.blockedDate)}
      </span>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button
            ref={trigger}
            variant="ghost"
            size="icon-sm"
            className="rounded-full"
            aria-label={`Actions for ${personLabel(user)}`}
          >
            <Ellipsis aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={choose('unblock')}>
            <ShieldOff aria-hidden="true" />
            Unblock
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={choose('profile')}>
            <UserRound aria-hidden="true" />
            View Profile
          </DropdownMenuItem>
          <DropdownMenuItem
            className="text-destructive data-[highlighted]:text-destructive"
            onSelect={choose('remove')}
          >
            <UserX aria-hidden="true" />
            Delete User
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </li>
  );
}

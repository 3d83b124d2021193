import {
  Banknote,
  Flag,
  Gavel,
  LayoutDashboard,
  LifeBuoy,
  LogOut,
  ScanSearch,
  ShieldBan,
  ShieldCheck,
  UserRound,
} from 'lucide-react';
import { useState } from 'react';
import { isAdmin } from '../../components/admin-gate.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.tsx';
import { useLogout } from '../../features/auth/api/logout.ts';
import { useCreatorStanding } from '../../features/creators/api/get-my-creator.ts';
import { useAppNavigate } from '../../hooks/use-app-navigate.ts';
import type { SessionUser } from '../../lib/session.ts';
import { displayNameOf } from '../../lib/user-display.ts';
import { AccountButton } from './account-button.tsx';

interface AccountDropdownProps {
  user: SessionUser;
  defaultOpen?: boolean;
}

/**
 * Profile and Logout under the avatar; Dashboard for creators whose page is approved (a fan has none);
 * admins also reach creator review, reports, support and payouts.
 */
export function AccountDropdown({ user, defaultOpen = false }: AccountDropdownProps) {
  const [open, setOpen] = useState(defaultOpen);
  const { go } = useAppNavigate();
  const logout = useLogout();
  const isCreator = useCreatorStanding(user.id) === 'approved';
  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild>
        <AccountButton user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-56">
        <DropdownMenuLabel className="font-normal">
          <span className="block truncate font-semibold">{displayNameOf(user)}</span>
          <span className="block truncate text-xs text-muted-foreground">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => go('privateProfile')}>
          <UserRound aria-hidden="true" />
          Profile
        </DropdownMenuItem>
        {isCreator ? (
          <DropdownMenuItem onSelect={() => go('home')}>
            <LayoutDashboard aria-hidden="true" />
            Dashboard
          </DropdownMenuItem>
        ) : null}
        {isCreator && !isAdmin(user) ? (
          <DropdownMenuItem onSelect={() => go('traceLeak')}>
            <ScanSearch aria-hidden="true" />
            Trace a leak
          </DropdownMenuItem>
        ) : null}
        {isAdmin(user) ? (
          <>
            <DropdownMenuItem onSelect={() => go('adminCreators')}>
              <ShieldCheck aria-hidden="true" />
              Creator review
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => go('adminReports')}>
              <Flag aria-hidden="true" />
              Reports
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => go('adminSupport')}>
              <LifeBuoy aria-hidden="true" />
              Support requests
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => go('adminPayouts')}>
              <Banknote aria-hidden="true" />
              Payouts
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => go('traceLeak')}>
              <ScanSearch aria-hidden="true" />
              Trace a leak
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => go('adminBlockList')}>
              <ShieldBan aria-hidden="true" />
              Block list
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => go('adminTakedowns')}>
              <Gavel aria-hidden="true" />
              Takedowns
            </DropdownMenuItem>
          </>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={logout}>
          <LogOut aria-hidden="true" />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

import { lazy } from 'react';
import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { MenuOnPress } from '../../components/menu-on-press.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useSession } from '../../lib/session.ts';
import { AccountButton } from './account-button.tsx';

const loadDropdown = () => import('./account-dropdown.tsx');
const AccountDropdown = lazy(() => loadDropdown().then((module) => ({ default: module.AccountDropdown })));

/** Signed out: Sign In and Sign Up. Signed in: the avatar opens Profile, Dashboard (creators) and Logout. */
export function AccountMenu() {
  const session = useSession();
  if (!session) {
    return (
      <div className="flex items-center gap-1.5">
        <Button asChild variant="ghost" size="sm">
          <Link to={pathTo('login')}>Sign In</Link>
        </Button>
        <Button asChild size="sm">
          <Link to={pathTo('register')}>Sign Up</Link>
        </Button>
      </div>
    );
  }

  // The dropdown (Radix) takes the avatar's place at the first press.
  const { user } = session;
  return (
    <MenuOnPress
      load={loadDropdown}
      code="account-menu"
      trigger={(handlers) => <AccountButton user={user} {...handlers} />}
    >
      <AccountDropdown user={user} defaultOpen />
    </MenuOnPress>
  );
}

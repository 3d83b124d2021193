import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { Button } from '../../components/ui/button.tsx';
import { usePrefetchWhenIdle } from '../../lib/page-idle.ts';
import { useSession } from '../../lib/session.ts';
import { AccountButton } from './account-button.tsx';

// The dropdown (Radix) is fetched once the page is idle and takes the avatar's place at the first
// tap, opened: outside the first page's JavaScript and the work that puts the page on screen.
const loadDropdown = () => import('./account-dropdown.tsx');
const AccountDropdown = lazy(() => loadDropdown().then((module) => ({ default: module.AccountDropdown })));

/** Signed out: Sign In and Sign Up. Signed in: the avatar opens Profile, Dashboard (creators) and Logout. */
export function AccountMenu() {
  const session = useSession();
  // Set at the first press (pointer down, or a click from the keyboard): the menu mounts open.
  const [wanted, setWanted] = useState(false);
  usePrefetchWhenIdle(session ? loadDropdown : null);

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

  const button = (
    <AccountButton
      user={session.user}
      onPointerEnter={() => void loadDropdown()}
      onPointerDown={() => setWanted(true)}
      onClick={() => setWanted(true)}
    />
  );
  return (
    <Suspense fallback={button}>
      {wanted ? <AccountDropdown user={session.user} defaultOpen /> : button}
    </Suspense>
  );
}

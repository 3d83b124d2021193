import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { Button } from '../../components/ui/button.tsx';
import { useSession } from '../../lib/session.ts';
import { AccountButton } from './account-button.tsx';

// The dropdown (Radix) loads right after the first paint, outside the first page's JavaScript.
const AccountDropdown = lazy(() =>
  import('./account-dropdown.tsx').then((module) => ({ default: module.AccountDropdown })),
);

/** Signed out: Sign In and Sign Up. Signed in: the avatar opens Profile, Dashboard (creators) and Logout. */
export function AccountMenu() {
  const session = useSession();
  const [openWhenLoaded, setOpenWhenLoaded] = useState(false);

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

  return (
    <Suspense fallback={<AccountButton user={session.user} onClick={() => setOpenWhenLoaded(true)} />}>
      <AccountDropdown user={session.user} defaultOpen={openWhenLoaded} />
    </Suspense>
  );
}

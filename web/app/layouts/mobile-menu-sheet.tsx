import { Menu } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { storageKeys } from '#common/storage-keys.ts';
import { Logo } from '../../components/logo.tsx';
import { Button } from '../../components/ui/button.tsx';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetTitle,
  SheetTrigger,
} from '../../components/ui/sheet.tsx';
import { useLogout } from '../../features/auth/api/logout.ts';
import { useCreatorStanding } from '../../features/creators/api/get-my-creator.ts';
import { useSession } from '../../lib/session.ts';
import { storage } from '../../lib/storage.ts';
import { menu, useMenu } from './menu-store.ts';
import { editProfileNav, emailVerificationNav, moreNav, primaryNavFor, settingsNav } from './nav-items.ts';
import { LogoutNavButton, NavList } from './nav-list.tsx';

/** The phone menu: the left navigation plus every other page, in a sheet with focus kept inside. */
export function MobileMenuSheet() {
  const { isMobileOpen } = useMenu();
  const { pathname } = useLocation();
  const session = useSession();
  const logout = useLogout();
  const standing = useCreatorStanding(session?.user.id);
  const close = () => menu.setMobileOpen(false);

  // Close after navigating (not on mount: a tap on the stand-in button may have opened it already).
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    menu.setMobileOpen(false);
  }, [pathname]);

  const pendingEmail = isMobileOpen ? storage.get(storageKeys.pendingEmail) : null;
  const extra = [
    ...(session ? [{ ...editProfileNav, to: pathTo('editProfile', { id: session.user.id }) }] : []),
    ...(pendingEmail || (session && !session.user.isEmailVerified) ? [emailVerificationNav] : []),
  ];

  return (
    <Sheet open={isMobileOpen} onOpenChange={menu.setMobileOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
          <Menu aria-hidden="true" className="size-5" />
        </Button>
      </SheetTrigger>
      <SheetContent>
        <div className="flex h-16 shrink-0 items-center border-b border-border px-4">
          <SheetTitle className="sr-only">Menu</SheetTitle>
          <SheetDescription>Every page of Fanplace</SheetDescription>
          <Link to={pathTo('home')} onClick={close} aria-label="Fanplace home" className="rounded-md">
            <Logo />
          </Link>
        </div>
        <nav aria-label="Site" className="flex-1 overflow-y-auto p-3">
          <NavList items={primaryNavFor(standing)} onNavigate={close} />
          <h3 className="mt-5 mb-2 px-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            More
          </h3>
          <NavList items={[...extra, ...moreNav]} onNavigate={close} />
        </nav>
        <div className="flex flex-col gap-1 border-t border-border p-3">
          <NavList items={[settingsNav]} onNavigate={close} />
          {session ? <LogoutNavButton onLogout={logout} /> : null}
        </div>
      </SheetContent>
    </Sheet>
  );
}

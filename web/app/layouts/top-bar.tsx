import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { HydrateLater } from '../../components/hydrate-later.tsx';
import { Logo } from '../../components/logo.tsx';
import { ThemeSwitcher } from '../../components/theme-switcher.tsx';
import { BellButton } from '../../features/notifications/components/bell-button.tsx';
import { useMounted } from '../../hooks/use-mounted.ts';
import { usePageIdle } from '../../hooks/use-page-idle.ts';
import { hasPageEventsFrom } from '../../lib/hydration.ts';
import { useSession } from '../../lib/session.ts';
import { AccountMenu } from './account-menu.tsx';
import { CentreActions } from './centre-actions.tsx';
import { isAuthPath } from './layout-rules.ts';
import { MobileMenu } from './mobile-menu.tsx';

// What only a signed-in visitor sees loads apart: a visitor's first page does without its code.
const NotificationBell = lazy(() =>
  import('../../features/notifications/components/notification-bell.tsx').then((module) => ({
    default: module.NotificationBell,
  })),
);
const LiveUpdates = lazy(() =>
  import('./live-updates.tsx').then((module) => ({ default: module.LiveUpdates })),
);

/**
 * Logo, the centre group on desktop, and the theme and account controls; logo only on sign-in pages.
 * The menu button, the logo, the centre group and the controls each wait for a task of their own,
 * all before #root stops being inert (web/main.tsx), so nothing typed into the search field is lost.
 */
export function TopBar() {
  const { pathname } = useLocation();
  const authPage = isAuthPath(pathname);
  const session = useSession();
  const mounted = useMounted();
  const idle = usePageIdle();
  // An adopted page names where its stream starts, so nothing is missed if it opens once the page
  // is idle; any other page opens it at once, before its own data arrives.
  const [waitsForIdle] = useState(hasPageEventsFrom);
  const streamOpens = waitsForIdle ? idle : mounted;
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/90 backdrop-blur">
      {session && streamOpens ? (
        <Suspense fallback={null}>
          <LiveUpdates key={session.user.id} token={session.token} userId={session.user.id} />
        </Suspense>
      ) : null}
      <div className="flex h-16 items-center gap-2 px-3 md:px-4">
        {authPage ? null : (
          <HydrateLater>
            <MobileMenu />
          </HydrateLater>
        )}
        <HydrateLater>
          <Link
            to={pathTo('home')}
            aria-label="Fanplace home"
            className="shrink-0 rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <Logo wordmarkClassName={authPage ? undefined : 'hidden sm:inline md:hidden lg:inline'} />
          </Link>
        </HydrateLater>
        {authPage ? null : (
          <>
            <HydrateLater>
              <div className="hidden min-w-0 flex-1 items-center justify-center gap-2 md:flex">
                <CentreActions placement="top" />
              </div>
            </HydrateLater>
            <HydrateLater>
              <div className="ml-auto flex shrink-0 items-center gap-1 md:ml-0">
                <ThemeSwitcher />
                {session ? (
                  <Suspense fallback={<BellButton unread={0} disabled />}>
                    <NotificationBell userId={session.user.id} />
                  </Suspense>
                ) : null}
                <AccountMenu />
              </div>
            </HydrateLater>
          </>
        )}
      </div>
    </header>
  );
}

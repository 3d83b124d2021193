import { Outlet, useLocation } from 'react-router';
import { HydrateLater } from '../../components/hydrate-later.tsx';
import { CheckoutReturnHost, OneTapHost } from '../../features/fan-payments/index.ts';
import { cn } from '../../lib/utils.ts';
import { AuthModalHost } from './auth-modal-host.tsx';
import { BottomBar } from './bottom-bar.tsx';
import { isBottomBarHidden } from './layout-rules.ts';
import { LeftNav } from './left-nav.tsx';
import { OfflineBanner } from './offline-banner.tsx';
import { RightPanel } from './right-panel.tsx';
import { SecondFactorHost } from './second-factor-host.tsx';
import { TopBar } from './top-bar.tsx';

/** The one layout every route shares (spec section 2, Layout). */
export function AppLayout() {
  const { pathname } = useLocation();
  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-primary focus:px-4 focus:py-2 focus:text-primary-foreground"
      >
        Skip to content
      </a>
      <TopBar />
      <OfflineBanner />
      <div className="mx-auto flex w-full max-w-[1600px]">
        {/* The side menu (links, and hidden on a phone) is adopted in a task of its own. */}
        <HydrateLater>
          <LeftNav />
        </HydrateLater>
        <main
          id="main"
          tabIndex={-1}
          className={cn(
            '@container min-w-0 flex-1 px-4 pt-6 pb-10 outline-none md:px-8',
            !isBottomBarHidden(pathname) && 'pb-28 md:pb-10',
          )}
        >
          <Outlet />
        </main>
        <RightPanel />
      </div>
      <BottomBar />
      <AuthModalHost />
      <SecondFactorHost />
      <CheckoutReturnHost />
      <OneTapHost />
    </div>
  );
}

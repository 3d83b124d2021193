import { useLocation } from 'react-router';
import { HydrateLater } from '../../components/hydrate-later.tsx';
import { CentreActions } from './centre-actions.tsx';
import { isBottomBarHidden, isPhoneScreen } from './layout-rules.ts';

/** Below 768 px the top bar's centre group lives here, fixed to the bottom of the screen. */
export function BottomBar() {
  const { pathname } = useLocation();
  if (isBottomBarHidden(pathname)) return null;
  // A wider screen does not show it: there it is adopted in a task of its own.
  return (
    <HydrateLater when={!isPhoneScreen()}>
      <nav
        aria-label="Quick actions"
        className="fixed inset-x-0 bottom-0 z-40 flex items-center gap-2 border-t border-border bg-background/95 px-3 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] backdrop-blur md:hidden"
      >
        <CentreActions placement="bottom" />
      </nav>
    </HydrateLater>
  );
}

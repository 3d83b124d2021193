import { useLocation } from 'react-router';
import { HydrateLater } from '../../components/hydrate-later.tsx';
import { CentreActions } from './centre-actions.tsx';
import { isBottomBarHidden } from './layout-rules.ts';

/** Below 768 px the top bar's centre group lives here, fixed to the bottom of the screen. */
export function BottomBar() {
  const { pathname } = useLocation();
  if (isBottomBarHidden(pathname)) return null;
  // Adopted in a task of its own, before #root stops being inert (web/main.tsx): nothing can be
  // typed into its search field before it has its handlers.
  return (
    <HydrateLater>
      <nav
        aria-label="Quick actions"
        className="fixed inset-x-0 bottom-0 z-40 flex items-center gap-2 border-t border-border bg-background/95 px-3 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] backdrop-blur md:hidden"
      >
        <CentreActions placement="bottom" />
      </nav>
    </HydrateLater>
  );
}

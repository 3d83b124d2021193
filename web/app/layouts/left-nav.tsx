import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { useLogout } from '../../features/auth/api/logout.ts';
import { useCreatorStanding } from '../../features/creators/api/get-my-creator.ts';
import { useMediaQuery } from '../../hooks/use-media-query.ts';
import { useSession } from '../../lib/session.ts';
import { cn } from '../../lib/utils.ts';
import { menu, useMenu } from './menu-store.ts';
import { primaryNavFor, settingsNav } from './nav-items.ts';
import { LogoutNavButton, NavList } from './nav-list.tsx';

/** The desktop side menu: full width from 1024 px (unless collapsed), an icon rail from 768 px. */
export function LeftNav() {
  const { isOpen } = useMenu();
  const session = useSession();
  const logout = useLogout();
  const standing = useCreatorStanding(session?.user.id);
  const isWide = useMediaQuery('(min-width: 1024px)');
  const collapsed = !isOpen || !isWide;

  return (
    <nav
      aria-label="Main"
      className={cn(
        'sticky top-16 hidden h-[calc(100dvh-4rem)] shrink-0 flex-col border-r border-border md:flex',
        collapsed ? 'w-[4.5rem]' : 'w-60',
      )}
    >
      <div className="flex-1 overflow-y-auto p-3">
        <NavList items={primaryNavFor(standing)} collapsed={collapsed} />
      </div>
      <div className="flex flex-col gap-1 border-t border-border p-3">
        <NavList items={[settingsNav]} collapsed={collapsed} />
        {session ? <LogoutNavButton collapsed={collapsed} onLogout={logout} /> : null}
        {isWide ? (
          <Button
            variant="ghost"
            size="sm"
            className={cn('mt-1 text-muted-foreground', collapsed ? 'justify-center' : 'justify-start')}
            aria-label={isOpen ? 'Collapse menu' : 'Expand menu'}
            onClick={() => menu.toggle('desktop')}
          >
            {isOpen ? <PanelLeftClose aria-hidden="true" /> : <PanelLeftOpen aria-hidden="true" />}
            {collapsed ? null : <span>Collapse</span>}
          </Button>
        ) : null}
      </div>
    </nav>
  );
}

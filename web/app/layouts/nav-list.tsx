import { LogOut } from 'lucide-react';
import { lazy, type ReactElement, Suspense } from 'react';
import { NavLink } from 'react-router';
import { routes } from '#common/routes.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Hint } from '../../components/ui/hint.tsx';
import { usePageIdle } from '../../hooks/use-page-idle.ts';
import { useSession } from '../../lib/session.ts';
import { cn } from '../../lib/utils.ts';
import type { NavItem } from './nav-items.ts';

// Signed in only: loaded apart from a visitor's first page.
const MessagesNavBadge = lazy(() =>
  import('../../features/messages/components/messages-nav-badge.tsx').then((module) => ({
    default: module.MessagesNavBadge,
  })),
);

const itemClass =
  'flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-5 [&_svg]:shrink-0';

/** In the collapsed rail the label is read by screen readers and shown as a tooltip. */
function WithTooltip({
  collapsed,
  label,
  children,
}: {
  collapsed: boolean;
  label: string;
  children: ReactElement;
}) {
  if (!collapsed) return children;
  return (
    <Hint label={label} side="right">
      {children}
    </Hint>
  );
}

interface NavListProps {
  items: (NavItem & { to?: string })[];
  collapsed?: boolean;
  onNavigate?: () => void;
}

export function NavList({ items, collapsed = false, onNavigate }: NavListProps) {
  const userId = useSession()?.user.id;
  // The badge draws nothing until its count comes, so it is never part of the server's markup; its
  // code and the conversations it counts wait until the page is idle.
  const idle = usePageIdle();
  return (
    <ul className="flex flex-col gap-1">
      {items.map(({ name, label, icon: Icon, badge, to }) => (
        <li key={name}>
          <WithTooltip collapsed={collapsed} label={badge ? `${label} (${badge})` : label}>
            <NavLink
              to={to ?? routes[name]}
              end={name === 'home'}
              onClick={onNavigate}
              className={cn(
                itemClass,
                'aria-[current=page]:bg-accent aria-[current=page]:text-foreground',
                collapsed && 'relative justify-center px-0',
              )}
            >
              <Icon aria-hidden="true" />
              <span className={cn('min-w-0 flex-1 truncate', collapsed && 'sr-only')}>{label}</span>
              {badge ? (
                <Badge variant="secondary" className={cn(collapsed && 'sr-only')}>
                  {badge}
                </Badge>
              ) : null}
              {name === 'messages' && userId && idle ? (
                <Suspense fallback={null}>
                  <MessagesNavBadge userId={userId} collapsed={collapsed} />
                </Suspense>
              ) : null}
            </NavLink>
          </WithTooltip>
        </li>
      ))}
    </ul>
  );
}

export function LogoutNavButton({
  collapsed = false,
  onLogout,
}: {
  collapsed?: boolean;
  onLogout: () => void;
}) {
  return (
    <WithTooltip collapsed={collapsed} label="Log Out">
      <button type="button" onClick={onLogout} className={cn(itemClass, collapsed && 'justify-center px-0')}>
        <LogOut aria-hidden="true" />
        <span className={cn(collapsed && 'sr-only')}>Log Out</span>
      </button>
    </WithTooltip>
  );
}

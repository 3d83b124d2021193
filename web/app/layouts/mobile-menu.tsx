import { Menu } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { menu, useMenu } from './menu-store.ts';

// The sheet (Radix dialog) loads when the pointer reaches the button or the menu is opened, outside
// every page's own JavaScript.
const MobileMenuSheet = lazy(() =>
  import('./mobile-menu-sheet.tsx').then((module) => ({ default: module.MobileMenuSheet })),
);

/** Until the sheet has loaded, the same button stands in; the menu state opens the sheet when it arrives. */
export function MobileMenu() {
  const [pointedAt, setPointedAt] = useState(false);
  const { isMobileOpen } = useMenu();
  const standIn = (
    <Button
      variant="ghost"
      size="icon"
      className="md:hidden"
      aria-label="Open menu"
      onPointerEnter={() => setPointedAt(true)}
      onClick={() => menu.setMobileOpen(true)}
    >
      <Menu aria-hidden="true" className="size-5" />
    </Button>
  );
  if (!pointedAt && !isMobileOpen) return standIn;
  return (
    <Suspense fallback={standIn}>
      <MobileMenuSheet />
    </Suspense>
  );
}

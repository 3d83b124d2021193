import { Menu } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { menu } from './menu-store.ts';

// The sheet (Radix dialog) loads right after the first paint, outside the first page's JavaScript.
const MobileMenuSheet = lazy(() =>
  import('./mobile-menu-sheet.tsx').then((module) => ({ default: module.MobileMenuSheet })),
);

/** Until the sheet has loaded, the same button stands in; the menu state opens the sheet when it arrives. */
export function MobileMenu() {
  return (
    <Suspense
      fallback={
        <Button
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-label="Open menu"
          onClick={() => menu.setMobileOpen(true)}
        >
          <Menu aria-hidden="true" className="size-5" />
        </Button>
      }
    >
      <MobileMenuSheet />
    </Suspense>
  );
}

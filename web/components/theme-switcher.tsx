import { lazy, Suspense, useState } from 'react';
import { ThemeButton } from './theme-button.tsx';

// The menu (Radix dropdown) loads when the pointer reaches the button or it is pressed, outside
// every page's own JavaScript.
const ThemeMenu = lazy(() => import('./theme-menu.tsx').then((module) => ({ default: module.ThemeMenu })));

/** Until the menu has loaded, the same button stands in; a click on it opens the menu once it arrives. */
export function ThemeSwitcher() {
  const [wanted, setWanted] = useState(false);
  const [openWhenLoaded, setOpenWhenLoaded] = useState(false);
  const standIn = (
    <ThemeButton
      onPointerEnter={() => setWanted(true)}
      onClick={() => {
        setWanted(true);
        setOpenWhenLoaded(true);
      }}
    />
  );
  if (!wanted) return standIn;
  return (
    <Suspense fallback={standIn}>
      <ThemeMenu defaultOpen={openWhenLoaded} />
    </Suspense>
  );
}

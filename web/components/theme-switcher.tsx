import { lazy, Suspense, useState } from 'react';
import { ThemeButton } from './theme-button.tsx';

// The menu (Radix dropdown) loads right after the first paint, outside the first page's JavaScript.
const ThemeMenu = lazy(() => import('./theme-menu.tsx').then((module) => ({ default: module.ThemeMenu })));

/** Until the menu has loaded, the same button stands in; a click on it opens the menu once it arrives. */
export function ThemeSwitcher() {
  const [openWhenLoaded, setOpenWhenLoaded] = useState(false);
  return (
    <Suspense fallback={<ThemeButton onClick={() => setOpenWhenLoaded(true)} />}>
      <ThemeMenu defaultOpen={openWhenLoaded} />
    </Suspense>
  );
}

import { useSyncExternalStore } from 'react';

/** Menu state (spec section 3): the desktop side menu and the phone menu open and close separately. */
export interface MenuState {
  isOpen: boolean;
  isMobileOpen: boolean;
}

export type MenuType = 'desktop' | 'mobile';

let state: MenuState = { isOpen: true, isMobileOpen: false };
const listeners = new Set<() => void>();

function set(next: Partial<MenuState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export const menu = {
  toggle(type: MenuType): void {
    if (type === 'mobile') set({ isMobileOpen: !state.isMobileOpen });
    else set({ isOpen: !state.isOpen });
  },
  setMobileOpen(isMobileOpen: boolean): void {
    if (isMobileOpen !== state.isMobileOpen) set({ isMobileOpen });
  },
  /** Closing without a type applies to the desktop menu, as the spec describes. */
  close(type: MenuType = 'desktop'): void {
    if (type === 'mobile') set({ isMobileOpen: false });
    else set({ isOpen: false });
  },
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getState = () => state;

export function useMenu(): MenuState {
  return useSyncExternalStore(subscribe, getState, getState);
}

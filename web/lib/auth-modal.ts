import { useSyncExternalStore } from 'react';

/** The global sign-in / sign-up dialog (spec section 4): closed, or open in one of two modes. */
export type AuthModalMode = 'signin' | 'signup';

export interface AuthModalState {
  open: boolean;
  mode: AuthModalMode;
}

let state: AuthModalState = { open: false, mode: 'signin' };
const listeners = new Set<() => void>();

function set(next: AuthModalState): void {
  if (next.open === state.open && next.mode === state.mode) return;
  state = next;
  for (const listener of listeners) listener();
}

/** Opens the dialog from anywhere: an action that needs an account, a prompt, a plan choice. */
export function openAuthModal(mode: AuthModalMode = 'signin'): void {
  set({ open: true, mode });
}

export function closeAuthModal(): void {
  set({ ...state, open: false });
}

/** Switches between the two forms while the dialog stays open. */
export function setAuthModalMode(mode: AuthModalMode): void {
  set({ ...state, mode });
}

export function getAuthModalState(): AuthModalState {
  return state;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAuthModal(): AuthModalState {
  return useSyncExternalStore(subscribe, getAuthModalState, getAuthModalState);
}

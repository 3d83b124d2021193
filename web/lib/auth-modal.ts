import { useSyncExternalStore } from 'react';
import { getToken, signOut } from './session.ts';

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

/**
 * The server refused a call made with the stored session (spec section 8: any 401 signs out). The
 * token and user are forgotten and, when there was a session, the sign-in dialog opens so the user
 * can pick up where they were. An old call answered after a newer sign-in or a logout changes
 * nothing: only the session that was rejected is ended.
 */
export function endRejectedSession(rejectedToken: string | null): void {
  if (rejectedToken !== null && getToken() !== rejectedToken) return;
  signOut();
  if (rejectedToken !== null) openAuthModal('signin');
}

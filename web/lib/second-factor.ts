import { useSyncExternalStore } from 'react';

/**
 * The "confirm it is you" prompt for sensitive actions (change email or password, turn two-step
 * off, delete the account, request a payout). The API client asks for it when the server answers
 * 403 TWO_FACTOR_REQUIRED, and retries the call once the code is confirmed.
 */
type Waiter = (confirmed: boolean) => void;

let open = false;
let waiters: Waiter[] = [];
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Opens the prompt (or joins the one already open); resolves true once a code was confirmed. */
export function requestSecondFactor(): Promise<boolean> {
  return new Promise((resolve) => {
    waiters.push(resolve);
    if (!open) {
      open = true;
      notify();
    }
  });
}

/** Called by the prompt: confirmed (true) or dismissed (false). */
export function settleSecondFactor(confirmed: boolean): void {
  const waiting = waiters;
  waiters = [];
  open = false;
  notify();
  for (const resolve of waiting) resolve(confirmed);
}

const getOpen = () => open;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSecondFactorPrompt(): boolean {
  return useSyncExternalStore(subscribe, getOpen, getOpen);
}

import { useSyncExternalStore } from 'react';

/** Said when a form or action could not be sent because the device is offline. */
export const OFFLINE_MESSAGE = "You're offline. This was not sent: try again once you're back online.";
/** Said when something could not be loaded because the device is offline. */
export const OFFLINE_LOAD_MESSAGE = "You're offline. This will load once you're back online.";
/** On an answer the service worker gave from its cache instead of the network (web/sw/index.ts). */
export const SAVED_ANSWER_HEADER = 'x-fanplace-saved';

/**
 * The browser's `navigator.onLine` is false only when surely offline: on a network without a way
 * out it stays true. A request that could not reach the server counts too, until one does.
 */
let unreachable = false;
const listeners = new Set<() => void>();
const reconnectListeners = new Set<() => void>();

export const isOffline = (): boolean =>
  (typeof navigator !== 'undefined' && navigator.onLine === false) || unreachable;

function setUnreachable(value: boolean): void {
  if (unreachable === value) return;
  const wasOffline = isOffline();
  unreachable = value;
  for (const listener of listeners) listener();
  if (wasOffline && !isOffline()) for (const listener of reconnectListeners) listener();
}

/** The API client's word after each request: did it reach the server? */
export function reportReachable(reached: boolean): void {
  setUnreachable(!reached);
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    unreachable = false;
    for (const listener of listeners) listener();
    for (const listener of reconnectListeners) listener();
  });
  window.addEventListener('offline', () => {
    for (const listener of listeners) listener();
  });
}

/** Calls back each time the app is back online after being offline; returns an unsubscribe. */
export function onReconnect(callback: () => void): () => void {
  reconnectListeners.add(callback);
  return () => reconnectListeners.delete(callback);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the app is online; the server's render cannot know, and says online. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => !isOffline(),
    () => true,
  );
}

/**
 * Asks the server whether it answers (the health check, which the worker never answers itself):
 * offline with `navigator.onLine` still true, no `online` event comes to say it is back.
 */
export async function checkReachable(): Promise<void> {
  try {
    const answer = await fetch('/api/health', { cache: 'no-store' });
    reportReachable(answer.status < 500);
  } catch {
    reportReachable(false);
  }
}

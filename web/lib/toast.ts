/**
 * Toasts without putting sonner into the first page's JavaScript: the toaster loads with the first
 * toast (web/app/provider.tsx), and a toast raised before it is mounted waits for it instead of
 * being lost.
 */
import { OFFLINE_MESSAGE } from './online.ts';

type ToastKind = 'success' | 'error' | 'info' | 'message';

let markReady: () => void = () => {};
const toasterReady = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** Called by the mounted toaster; from then on toasts show at once. */
export function onToasterReady(): void {
  markReady();
}

let wanted = false;
const wantListeners = new Set<() => void>();

/** Calls back once the first toast is raised (at once if one already was); returns an unsubscribe. */
export function onToasterWanted(callback: () => void): () => void {
  if (wanted) {
    callback();
    return () => {};
  }
  wantListeners.add(callback);
  return () => wantListeners.delete(callback);
}

/** A button in the toast (sonner's `action`), e.g. 'Verify email'. */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

interface ToastOptions {
  action?: ToastAction;
  /** A toast raised again with the same id replaces the one on screen instead of stacking. */
  id?: string;
  /** Stays until dismissed or acted on (a choice the visitor has to make). */
  sticky?: boolean;
}

function show(kind: ToastKind, message: string, options: ToastOptions = {}): void {
  if (!wanted) {
    wanted = true;
    for (const listener of wantListeners) listener();
    wantListeners.clear();
  }
  const { action, id, sticky } = options;
  const settings = {
    ...(action ? { action } : {}),
    ...(id ? { id } : {}),
    ...(sticky ? { duration: Infinity } : {}),
  };
  Promise.all([import('sonner'), toasterReady])
    .then(([sonner]) => sonner.toast[kind](message, Object.keys(settings).length > 0 ? settings : undefined))
    .catch((error: unknown) => console.warn('Could not show a notification', message, error));
}

/** Removes the toast raised with this id, if it is on screen (nothing before the first toast). */
function dismiss(id: string): void {
  if (!wanted) return;
  Promise.all([import('sonner'), toasterReady])
    .then(([sonner]) => sonner.toast.dismiss(id))
    .catch((error: unknown) => console.warn('Could not dismiss a notification', id, error));
}

export const toast = {
  /** With an id, replaces that id's toast (e.g. a failure the success now answers). */
  success: (message: string, id?: string) => show('success', message, id ? { id } : {}),
  // Every offline failure says the same thing: one toast, however many forms raised it.
  error: (message: string, action?: ToastAction, id?: string) =>
    show('error', message, {
      ...(action ? { action } : {}),
      ...(message === OFFLINE_MESSAGE ? { id: 'offline' } : id ? { id } : {}),
    }),
  dismiss,
  info: (message: string) => show('info', message),
  message: (message: string) => show('message', message),
  /** A choice that waits for the visitor, such as reloading for a new version. */
  prompt: (message: string, action: ToastAction, id: string) =>
    show('info', message, { action, id, sticky: true }),
};

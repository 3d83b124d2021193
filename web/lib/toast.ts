/**
 * Toasts without putting sonner into the first page's JavaScript: the toaster loads with the first
 * toast (web/app/provider.tsx), and a toast raised before it is mounted waits for it instead of
 * being lost.
 */
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

function show(kind: ToastKind, message: string, action?: ToastAction): void {
  if (!wanted) {
    wanted = true;
    for (const listener of wantListeners) listener();
    wantListeners.clear();
  }
  Promise.all([import('sonner'), toasterReady])
    .then(([sonner]) => sonner.toast[kind](message, action ? { action } : undefined))
    .catch((error: unknown) => console.warn('Could not show a notification', message, error));
}

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string, action?: ToastAction) => show('error', message, action),
  info: (message: string) => show('info', message),
  message: (message: string) => show('message', message),
};

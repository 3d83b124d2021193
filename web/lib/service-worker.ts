/**
 * Registers the service worker (web/sw/, built to /sw.js) once the page is idle, in production
 * builds on secure origins (localhost counts), and offers a new version when one is waiting.
 */
import { pageIdle } from './page-idle.ts';
import { toast } from './toast.ts';

/** Messages the worker understands (web/sw/index.ts). */
type WorkerMessage = { type: 'skip-waiting' } | { type: 'signed-out' };

let reloadWanted = false;

/** A new worker waits (never swapped under a form): the visitor chooses when to reload. */
function offerUpdate(waiting: ServiceWorker): void {
  toast.prompt(
    'New version available',
    {
      label: 'Reload',
      onClick: () => {
        reloadWanted = true;
        waiting.postMessage({ type: 'skip-waiting' } satisfies WorkerMessage);
      },
    },
    'new-version',
  );
}

function watchForUpdates(registration: ServiceWorkerRegistration): void {
  // The first worker of this device takes the tab without a new version to offer.
  const hadController = () => navigator.serviceWorker.controller !== null;
  if (registration.waiting && hadController()) offerUpdate(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && hadController()) offerUpdate(installing);
    });
  });
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // Only the visitor's Reload reloads: the first worker taking over changes nothing on screen.
    if (reloadWanted) window.location.reload();
  });
}

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || !window.isSecureContext) return;
  void pageIdle().then(async () => {
    try {
      watchForUpdates(await navigator.serviceWorker.register('/sw.js', { scope: '/' }));
    } catch (error) {
      console.warn('The service worker could not be registered', error);
    }
  });
}

/** Tells the worker, if there is one, to forget what belongs to the viewer who signed out. */
export function tellWorkerSignedOut(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const message: WorkerMessage = { type: 'signed-out' };
  navigator.serviceWorker.controller?.postMessage(message);
  // A tab the worker does not control yet still has it registered: tell the active worker too.
  void navigator.serviceWorker
    .getRegistration()
    .then((registration) => {
      const active = registration?.active;
      if (active && active !== navigator.serviceWorker.controller) active.postMessage(message);
    })
    .catch(() => undefined);
}

import { WifiOff } from 'lucide-react';
import { useEffect } from 'react';
import { checkReachable, useOnline } from '../../lib/online.ts';

/** How often, while offline, the banner asks whether the server answers again. */
const CHECK_EVERY_MS = 5000;

/**
 * Says so while the app is offline: pages show what this device kept (web/sw/), and forms cannot
 * send. The live region is always there, so screen readers announce the change. In the flow under
 * the top bar, not stuck to it: stuck, it would cover the top of the sticky side navigation.
 */
export function OfflineBanner() {
  const online = useOnline();
  useEffect(() => {
    // Offline as far as the browser knows, its `online` event says when that ends.
    if (online || !navigator.onLine) return;
    const timer = setInterval(() => void checkReachable(), CHECK_EVERY_MS);
    return () => clearInterval(timer);
  }, [online]);
  return (
    <div role="status">
      {online ? null : (
        <p className="flex items-center justify-center gap-2 border-b border-border bg-accent px-4 py-2 text-center text-sm text-accent-foreground">
          <WifiOff aria-hidden="true" className="size-4 shrink-0" />
          <span>
            <strong className="font-semibold">You're offline.</strong> You're seeing what this device saved;
            nothing can be sent until you reconnect.
          </span>
        </p>
      )}
    </div>
  );
}

import { Share, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { storage } from '../../../lib/storage.ts';

/** Set once the hint is dismissed: it is never shown again on this device. */
export const IOS_HINT_DISMISSED_KEY = 'ios-install-hint-dismissed';

interface DeviceFacts {
  userAgent: string;
  platform: string;
  maxTouchPoints: number;
  /** Safari's own flag: true when opened from the Home Screen. */
  standalone?: boolean;
  /** `display-mode: standalone` matches: an installed app. */
  displayStandalone: boolean;
}

/**
 * iPhones and iPads send notifications only to a web app added to the Home Screen: in the browser
 * there is nothing to turn on. iPadOS says it is a Mac, with a touch screen.
 */
export function needsHomeScreenForPush(device: DeviceFacts): boolean {
  const ios =
    /iPhone|iPad|iPod/.test(device.userAgent) ||
    (device.platform === 'MacIntel' && device.maxTouchPoints > 1);
  return ios && device.standalone !== true && !device.displayStandalone;
}

function readDevice(): DeviceFacts {
  return {
    userAgent: navigator.userAgent,
    platform: navigator.platform,
    maxTouchPoints: navigator.maxTouchPoints,
    standalone: (navigator as Navigator & { standalone?: boolean }).standalone,
    displayStandalone: window.matchMedia?.('(display-mode: standalone)').matches ?? false,
  };
}

/** Next to the notification settings, where it matters: once per device, until dismissed. */
export function IosInstallHint() {
  const [shown, setShown] = useState(
    () =>
      typeof window !== 'undefined' &&
      storage.get(IOS_HINT_DISMISSED_KEY) === null &&
      needsHomeScreenForPush(readDevice()),
  );
  if (!shown) return null;
  const dismiss = () => {
    storage.set(IOS_HINT_DISMISSED_KEY, '1');
    setShown(false);
  };
  return (
    <aside
      aria-label="Notifications on iPhone and iPad"
      className="flex items-start gap-3 rounded-lg border border-border bg-muted p-3 text-sm"
    >
      <Share aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <p className="flex-1">
        To get notifications, tap <strong className="font-semibold">Share</strong>, then{' '}
        <strong className="font-semibold">Add to Home Screen</strong>, and open Fanplace from there.
      </p>
      <Button size="icon-sm" variant="ghost" className="shrink-0" aria-label="Dismiss" onClick={dismiss}>
        <X aria-hidden="true" className="size-4" />
      </Button>
    </aside>
  );
}

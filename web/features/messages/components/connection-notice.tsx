import { WifiOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useStreamStatus } from '../../../lib/event-stream.ts';

/**
 * Says when live updates are off: after the stream is lost (or when it cannot connect at all) it
 * reads 'Offline' and 'Reconnecting…' until it is back; the stream tries again every 5 seconds.
 */
export function ConnectionNotice() {
  const status = useStreamStatus();
  const [wasConnected, setWasConnected] = useState(status === 'connected');
  const [longOffline, setLongOffline] = useState(false);
  useEffect(() => {
    if (status === 'connected') setWasConnected(true);
    setLongOffline(false);
    if (status !== 'disconnected') return;
    // Never connected since the page opened: say so only if it lasts (not for the first instant).
    const timer = setTimeout(() => setLongOffline(true), 3000);
    return () => clearTimeout(timer);
  }, [status]);
  const show = status !== 'connected' && (wasConnected || longOffline);
  return (
    <p role="status" data-stream-status={status} className="text-xs">
      {show ? (
        <span className="flex items-center gap-1.5 rounded-full bg-amber-500/15 px-3 py-1 font-medium text-amber-700 dark:text-amber-300">
          <WifiOff aria-hidden="true" className="size-3.5" />
          {status === 'disconnected' ? 'Offline. Reconnecting…' : 'Reconnecting…'}
        </span>
      ) : null}
    </p>
  );
}

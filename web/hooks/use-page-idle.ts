import { useEffect, useState } from 'react';
import { nextIdleTurn, pageIdle } from '../lib/page-idle.ts';

/**
 * False until the page has loaded and the browser is idle (pageIdle), then true; false on the
 * server. For parts that draw nothing and that a first page does not need to paint or answer a
 * tap: the session's refresh, analytics, the unread badge, and the event stream of an adopted page
 * (which replays everything after the server's render, app/layouts/top-bar.tsx). Started any sooner, their code
 * and queries ran in the tasks that adopt the page, on a phone each one a long task; started
 * together once idle, they made one long task of their own, so each part takes a turn, one task
 * after the other (as the adoption's slices do, web/lib/hydration.ts).
 */
export function usePageIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let current = true;
    void pageIdle()
      .then(nextIdleTurn)
      .then(() => {
        if (current) setIdle(true);
      });
    return () => {
      current = false;
    };
  }, []);
  return idle;
}

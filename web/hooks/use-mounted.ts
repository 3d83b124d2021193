import { useEffect, useState } from 'react';

/**
 * False in the first render (on the server, and when the app adopts the server's markup), then
 * true. For parts that draw nothing of their own, such as the event stream: rendered only after
 * the markup is adopted, they can never claim a node of the server's markup as theirs.
 */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

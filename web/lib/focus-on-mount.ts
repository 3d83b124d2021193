import { type Ref, type RefCallback, useCallback, useEffect, useRef } from 'react';

/**
 * `autoFocus` that also works for fields shown after the page has loaded.
 *
 * A browser honours the `autofocus` attribute once per page, and the browser build runs on
 * Preact (vite.config.ts), which leaves focusing to that attribute. So a form that opens later
 * (a folder name, a reply box, a second sign-in step) would not get the caret. The field focuses
 * itself when it mounts (or when `enabled` turns on); other renders leave focus where the user put it.
 */
export function useFocusOnMount<T extends HTMLElement>(
  enabled: boolean | undefined,
  forwarded?: Ref<T>,
): RefCallback<T> {
  const node = useRef<T | null>(null);
  useEffect(() => {
    if (enabled) node.current?.focus();
  }, [enabled]);
  return useCallback(
    (element: T | null) => {
      node.current = element;
      if (typeof forwarded === 'function') forwarded(element);
      else if (forwarded) forwarded.current = element;
    },
    [forwarded],
  );
}

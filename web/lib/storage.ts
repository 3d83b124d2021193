/**
 * localStorage that never throws: private browsing modes, disabled storage and full quotas
 * must degrade to "nothing stored" instead of breaking the app.
 */
function localStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export const storage = {
  get(key: string): string | null {
    try {
      return localStore()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      localStore()?.setItem(key, value);
    } catch (error) {
      console.warn(`Could not save '${key}' to local storage`, error);
    }
  },
  remove(...keys: string[]): void {
    for (const key of keys) {
      try {
        localStore()?.removeItem(key);
      } catch {
        // Storage unavailable: there is nothing to remove.
      }
    }
  },
};

/** Calls back when another tab changes one of the given keys (the `storage` event never fires in the writer). */
export function onStorageChange(keys: readonly string[], callback: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const listener = (event: StorageEvent) => {
    if (event.key === null || keys.includes(event.key)) callback();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}

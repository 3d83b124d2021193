/** One fixed window: how many events it counted and how long until it closes. */
export interface WindowState {
  count: number;
  resetInMs: number;
}

/**
 * Counters with an expiry, shared by every process that uses the same store. Expiries are measured
 * with the app's clock (not the store's), so both drivers behave the same under a test clock.
 */
export interface RateLimitStore {
  /** Counts one event; the first event of a key opens its window of `windowMs`. */
  hit(key: string, windowMs: number): Promise<WindowState>;
  /** The open window of a key, without counting; null when none is open. */
  peek(key: string): Promise<WindowState | null>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

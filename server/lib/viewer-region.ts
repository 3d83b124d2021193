import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The country the current request comes from (its address, following TRUST_PROXY), kept for the
 * request's duration so the creator rules can apply a creator's blocked countries without every
 * service passing it along. Admins are exempt: once signed in as one, the request has no country.
 */
interface RequestRegion {
  country: string | null;
}

const store = new AsyncLocalStorage<RequestRegion>();

/** Runs the rest of the request with its country known (an onRequest hook). */
export function withViewerCountry(country: string | null, next: () => void): void {
  store.run({ country }, next);
}

/** The requesting country, or null (unknown, an admin, or outside a request). */
export const viewerCountry = (): string | null => store.getStore()?.country ?? null;

/** Admins see every creator wherever they are. */
export function exemptFromRegion(): void {
  const region = store.getStore();
  if (region) region.country = null;
}

/** Whether a creator's blocked countries include the requesting one. */
export const regionBlocked = (blockedCountries: readonly string[] | null | undefined): boolean => {
  const country = viewerCountry();
  return country !== null && (blockedCountries ?? []).includes(country);
};

/** The query parameters a provider adds on the way back from checkout. */
export const CHECKOUT_PARAMS = ['reference', 'trxref'] as const;

const MAX_RETURN_PATH = 500;

/**
 * Where the provider sends the browser back: the page the checkout started on, without any
 * reference left from an earlier checkout. Too long a path falls back to the page without its query.
 */
export function checkoutReturnPath(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  for (const name of CHECKOUT_PARAMS) params.delete(name);
  const query = params.toString();
  const path = query ? `${pathname}?${query}` : pathname;
  return path.length <= MAX_RETURN_PATH ? path : pathname.slice(0, MAX_RETURN_PATH);
}

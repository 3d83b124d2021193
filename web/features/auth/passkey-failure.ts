/** Said when the site is opened at an IP address: browsers allow passkeys only on a domain name. */
export const PASSKEYS_NEED_DOMAIN =
  "Passkeys need the site's domain name. Open the site at its address instead of an IP address.";

/** Said when the browser refuses passkeys for this address (a domain they were not set up for). */
export const PASSKEYS_WRONG_ADDRESS =
  "Passkeys can't be used at this address. Open the site at its usual address and try again.";

/** The errors a passkey prompt ends with (the spec's, and the library's when there is no WebAuthn). */
const promptErrors = new Set([
  'AbortError',
  'ConstraintError',
  'InvalidStateError',
  'NotAllowedError',
  'NotSupportedError',
  'SecurityError',
  'UnknownError',
]);

/** An IPv4 address, or an IPv6 one (a URL's hostname keeps its brackets). */
export const isIpAddress = (hostname: string) =>
  /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.startsWith('[') || hostname.includes(':');

function fromPrompt(error: Error): boolean {
  return promptErrors.has(error.name) || /webauthn is not supported/i.test(error.message);
}

/**
 * What to tell the person when asking for a passkey failed: plain words instead of the browser's
 * (an IP address, an address the passkeys are not for), the message itself for anything else, and
 * null when they closed the prompt themselves.
 */
export function passkeyFailureText(error: unknown, hostname = window.location.hostname): string | null {
  if (!(error instanceof Error)) return 'Something went wrong with the passkey. Please try again.';
  if (fromPrompt(error) && isIpAddress(hostname)) return PASSKEYS_NEED_DOMAIN;
  if (error.name === 'SecurityError') return PASSKEYS_WRONG_ADDRESS;
  if (error.name === 'NotAllowedError') return null;
  return error.message;
}

import { pathTo } from '#common/routes.ts';
import { ApiError } from './api-client.ts';
import { toast } from './toast.ts';

/** Whether the server refused because the account's email is not verified yet. */
export const needsVerifiedEmail = (error: unknown): boolean =>
  error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED';

/** Opens the verification page (the signed-in account's address is filled in there; Resend Code sends a code). */
export function goToVerification(): void {
  window.location.assign(pathTo('emailVerification'));
}

/**
 * The toast for a refused action on someone else (like, follow, message, report): the server's
 * reason, and for an unverified email a 'Verify email' button that leads to the verification page.
 */
export function showActionError(error: unknown, fallback: string): void {
  const message = error instanceof Error && error.message ? error.message : fallback;
  if (needsVerifiedEmail(error)) toast.error(message, { label: 'Verify email', onClick: goToVerification });
  else toast.error(message);
}

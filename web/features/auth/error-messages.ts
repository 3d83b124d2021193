import { ApiError } from '../../lib/api-client.ts';
import { authToasts } from './toasts.ts';
import { withWait } from './wait-text.ts';

const isClientError = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;

/** Sign-in: a wrong pair is 'Password or email incorrect'; a lockout says how long to wait. */
export function signInErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 401) return authToasts.signInFailed;
  if (error.status === 429) return withWait(error.message, error.retryAfterSeconds);
  return error.message;
}

/** Sign-up: the server's message ('An account with this email already exists', ...) or the fallback. */
export function signUpErrorMessage(error: unknown): string {
  if (!isClientError(error)) return authToasts.signupFailed;
  return error.status === 429 ? withWait(error.message, error.retryAfterSeconds) : error.message;
}

/** Where the spec names one message for a failure, a rate limit still says how long to wait. */
export function failureMessage(fallback: string, error: unknown): string {
  return error instanceof ApiError && error.status === 429
    ? withWait(fallback, error.retryAfterSeconds)
    : fallback;
}

/** The per-field messages a 4xx carried, for the form to show under its fields. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  return isClientError(error) ? (error.fields ?? {}) : {};
}

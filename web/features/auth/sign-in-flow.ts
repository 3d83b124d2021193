import { ApiError } from '../../lib/api-client.ts';
import type { Session } from '../../lib/session.ts';
import { startSession } from './api/start-session.ts';
import { pendingEmail } from './pending-email.ts';
import { startResendWait } from './resend-timer.ts';

export type AfterSignIn =
  | { session: Session; needsVerification: false }
  /** `codeSent`: a fresh code is on its way (false when the server said to wait: the last one still works). */
  | { session: Session; needsVerification: true; codeSent: boolean };

/**
 * What follows any sign-in (password, Google): the session is kept; an address not yet verified is
 * remembered for the verification page and gets a fresh code (spec section 4). A 429 there is not a
 * failure: a code went out moments ago, and the wait it announces is shown on 'Resend Code'.
 */
export async function afterSignIn(
  session: Session,
  resend: (email: string) => Promise<unknown>,
): Promise<AfterSignIn> {
  startSession(session);
  const { email, isEmailVerified } = session.user;
  if (isEmailVerified) {
    if (pendingEmail.get() === email) pendingEmail.clear();
    return { session, needsVerification: false };
  }
  pendingEmail.set(email);
  try {
    await resend(email);
    startResendWait(email);
    return { session, needsVerification: true, codeSent: true };
  } catch (error) {
    if (error instanceof ApiError && error.status === 429 && error.retryAfterSeconds)
      startResendWait(email, error.retryAfterSeconds);
    return { session, needsVerification: true, codeSent: false };
  }
}

import { identify } from '../../../lib/analytics.ts';
import { type Session, setSession } from '../../../lib/session.ts';

/** Keeps a fresh sign-in (token and user under the spec's storage keys) and names the user in analytics. */
export function startSession(session: Session): void {
  setSession(session);
  identify(session.user.id);
}

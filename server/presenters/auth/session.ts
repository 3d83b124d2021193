import type { SessionView } from '../../../common/schemas/auth.ts';
import type { SessionRecord } from '../../repositories/auth/sessions.repository.ts';

/** A session as its owner sees it in the list: never its token hash. */
export function presentSession(
  session: SessionRecord,
  currentSessionId: string | null,
  placeOf: (ip: string | null) => string | null = () => null,
): SessionView {
  return {
    id: session.id,
    userAgent: session.userAgent,
    ipAddress: session.ipAddress,
    place: placeOf(session.ipAddress),
    createdAt: session.createdAt.toISOString(),
    lastUsedAt: session.lastUsedAt.toISOString(),
    current: session.id === currentSessionId,
  };
}

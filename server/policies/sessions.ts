import { authMessages } from '../../common/schemas/auth.ts';
import { notFound } from '../errors.ts';
import type { SessionRecord } from '../repositories/sessions.repository.ts';
import type { UserRecord } from '../repositories/users.repository.ts';

/** Only the owner may see or revoke a session; to anyone else it does not exist. */
export function assertCanRevokeSession(
  user: Pick<UserRecord, 'id'>,
  session: SessionRecord | null,
): asserts session is SessionRecord {
  if (!session || session.userId !== user.id) throw notFound(authMessages.sessionNotFound);
}

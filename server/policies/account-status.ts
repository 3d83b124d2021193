import { safetyMessages } from '../../common/schemas/safety.ts';
import { forbidden } from '../errors.ts';
import type { UserRecord } from '../repositories/users.repository.ts';

/** A suspended or deleted account holds no session: it cannot sign in, and its old tokens stop working. */
export const canHoldSession = (user: Pick<UserRecord, 'suspendedAt' | 'deletedAt'>) =>
  user.suspendedAt === null && user.deletedAt === null;

export function assertCanSignIn(user: Pick<UserRecord, 'suspendedAt' | 'deletedAt'>): void {
  if (!canHoldSession(user)) throw forbidden(safetyMessages.suspended);
}

import type { Clock } from '../../lib/clock.ts';
import type { UserRecord, UsersRepository } from '../../repositories/auth/users.repository.ts';

/** ADMIN_EMAILS: an address on the list becomes admin once it is verified (checked at verification and sign-in). */
export function createAdminGrant(deps: {
  users: UsersRepository;
  adminEmails: readonly string[];
  clock: Clock;
}) {
  const admins = new Set(deps.adminEmails.map((email) => email.toLowerCase()));
  return async function grantAdminIfListed(user: UserRecord): Promise<UserRecord> {
    if (user.role === 'admin' || !user.isEmailVerified || !admins.has(user.email.toLowerCase())) return user;
    return (await deps.users.setRole(user.id, 'admin', deps.clock.now())) ?? user;
  };
}

export type AdminGrant = ReturnType<typeof createAdminGrant>;

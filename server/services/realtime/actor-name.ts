import type { UserRecord } from '../../repositories/auth/users.repository.ts';

/** How a notification names the person who acted: their name, never their email. */
export const nameOf = (user: Pick<UserRecord, 'firstName' | 'lastName'>) =>
  `${user.firstName} ${user.lastName}`.trim() || 'Someone';

import type { PublicUser } from '../../common/schemas/auth.ts';
import type { UserRecord } from '../repositories/users.repository.ts';

/** The only way a user row leaves the server: no password hash, no internal columns. */
export function presentUser(user: UserRecord): PublicUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImage: user.profileImage,
    isEmailVerified: user.isEmailVerified,
    role: user.role,
    createdAt: user.createdAt.toISOString(),
  };
}

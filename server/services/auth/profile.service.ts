import type { Clock } from '../../lib/clock.ts';
import type { ProfileChanges, UserRecord, UsersRepository } from '../../repositories/users.repository.ts';

export function createProfileService(deps: { users: UsersRepository; clock: Clock }) {
  return {
    /** Changes only the fields given; `profileImage: null` removes the picture. */
    async update(user: UserRecord, changes: ProfileChanges): Promise<UserRecord> {
      const given = Object.fromEntries(
        Object.entries(changes).filter(([, value]) => value !== undefined),
      ) as ProfileChanges;
      if (Object.keys(given).length === 0) return user;
      return (await deps.users.updateProfile(user.id, given, deps.clock.now())) ?? user;
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;

import { authMessages } from '../../../common/schemas/auth.ts';
import { unauthorized } from '../../errors.ts';
import { assertCanSignIn } from '../../policies/account-status.ts';
import type { UserRecord, UsersRepository } from '../../repositories/users.repository.ts';
import type { AdminGrant } from './admin-grant.ts';
import type { ClientInfo } from './client-info.ts';
import type { PasswordHasher } from './passwords.ts';
import type { SessionService } from './sessions.service.ts';
import type { SignInThrottle } from './sign-in-throttle.ts';

export function createSignInService(deps: {
  users: UsersRepository;
  passwords: PasswordHasher;
  sessions: SessionService;
  throttle: SignInThrottle;
  grantAdminIfListed: AdminGrant;
}) {
  return {
    /**
     * Email and password to a session. A wrong password and an unknown email give the same 401
     * after the same argon2 work. Unverified users may sign in (`isEmailVerified` tells the client).
     */
    async signIn(
      email: string,
      password: string,
      client: ClientInfo,
    ): Promise<{ token: string; user: UserRecord }> {
      await deps.throttle.assertAllowed(email, client.ip);
      const user = await deps.users.findByEmail(email);
      const matches = await deps.passwords.verify(user?.passwordHash ?? null, password);
      if (!user || !matches) {
        await deps.throttle.recordFailure(email, client.ip);
        throw unauthorized(authMessages.signInFailed);
      }
      await deps.throttle.recordSuccess(email);
      assertCanSignIn(user);
      const signedIn = await deps.grantAdminIfListed(user);
      const { token } = await deps.sessions.start(signedIn.id, client);
      return { token, user: signedIn };
    },
  };
}

export type SignInService = ReturnType<typeof createSignInService>;

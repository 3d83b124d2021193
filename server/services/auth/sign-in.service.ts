import { authMessages } from '../../../common/schemas/auth.ts';
import { unauthorized } from '../../errors.ts';
import { actorOf, assertCan } from '../../policies/access.ts';
import type { UsersRepository } from '../../repositories/auth/users.repository.ts';
import type { AdminGrant } from './admin-grant.ts';
import type { ClientInfo } from './client-info.ts';
import type { PasswordHasher } from './passwords.ts';
import type { SignInThrottle } from './sign-in-throttle.ts';
import type { FirstFactorResult, TwoFactorService } from './two-factor.service.ts';

export function createSignInService(deps: {
  users: UsersRepository;
  passwords: PasswordHasher;
  twoFactor: Pick<TwoFactorService, 'afterFirstFactor'>;
  throttle: SignInThrottle;
  grantAdminIfListed: AdminGrant;
}) {
  return {
    /**
     * Email and password to a session. A wrong password and an unknown email give the same 401
     * after the same argon2 work. Unverified users may sign in (`isEmailVerified` tells the client).
     * With two-step sign-in on, the answer is a challenge for the second step instead of a session.
     */
    async signIn(email: string, password: string, client: ClientInfo): Promise<FirstFactorResult> {
      await deps.throttle.assertAllowed(email, client.ip);
      const user = await deps.users.findByEmail(email);
      const matches = await deps.passwords.verify(user?.passwordHash ?? null, password);
      if (!user || !matches) {
        await deps.throttle.recordFailure(email, client.ip);
        throw unauthorized(authMessages.signInFailed);
      }
      await deps.throttle.recordSuccess(email);
      assertCan(actorOf(user), 'account:sign-in', user);
      const signedIn = await deps.grantAdminIfListed(user);
      return deps.twoFactor.afterFirstFactor(signedIn, client);
    },
  };
}

export type SignInService = ReturnType<typeof createSignInService>;

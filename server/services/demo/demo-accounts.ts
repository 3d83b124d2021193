import type { Clock } from '../../lib/clock.ts';
import { randomToken, sha256 } from '../../lib/secrets.ts';
import type { SessionsRepository } from '../../repositories/auth/sessions.repository.ts';
import type { UsersRepository } from '../../repositories/auth/users.repository.ts';
import { type DemoCreator, demoEmail } from './catalog.ts';

/** A demo account signed in for the length of the seeding, through an ordinary session. */
export interface DemoAccount {
  profile: DemoCreator;
  userId: string;
  token: string;
  /** From TEST-NET-1 (RFC 5737): the demo's uploads never use up a real visitor's rate limit. */
  ip: string;
}

const SESSION_MS = 60 * 60_000;

export interface DemoAccountDeps {
  users: Pick<UsersRepository, 'create'>;
  sessions: Pick<SessionsRepository, 'create' | 'deleteAllOfUser'>;
  clock: Clock;
}

/** Signs every demo session out: once seeded, nobody holds a token of a demo account. */
export async function closeDemoAccounts(deps: DemoAccountDeps, accounts: DemoAccount[]): Promise<void> {
  for (const account of accounts) await deps.sessions.deleteAllOfUser(account.userId);
}

/**
 * Verified accounts without a password (nobody can sign in as them), each with a session token.
 * Null when one of the addresses is already taken: another process is seeding at the same time.
 */
export async function openDemoAccounts(
  deps: DemoAccountDeps,
  catalog: readonly DemoCreator[],
): Promise<DemoAccount[] | null> {
  const accounts: DemoAccount[] = [];
  for (const [index, profile] of catalog.entries()) {
    const now = deps.clock.now();
    const user = await deps.users.create({
      email: demoEmail(profile),
      passwordHash: null,
      firstName: profile.firstName,
      lastName: profile.lastName,
      isEmailVerified: true,
      now,
    });
    if (!user) {
      await closeDemoAccounts(deps, accounts);
      return null;
    }
    const token = randomToken();
    await deps.sessions.create({
      userId: user.id,
      tokenHash: sha256(token),
      userAgent: 'fanplace demo seed',
      ipAddress: null,
      now,
      expiresAt: new Date(now.getTime() + SESSION_MS),
    });
    accounts.push({ profile, userId: user.id, token, ip: `192.0.2.${10 + index}` });
  }
  return accounts;
}

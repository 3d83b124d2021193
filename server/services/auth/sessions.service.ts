import { limits } from '../../../common/limits.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomToken, sha256 } from '../../lib/secrets.ts';
import { actorOf, assertCan } from '../../policies/access.ts';
import { canHoldSession } from '../../policies/actions/accounts.ts';
import type { SessionRecord, SessionsRepository } from '../../repositories/auth/sessions.repository.ts';
import type { UserRecord } from '../../repositories/auth/users.repository.ts';
import type { ClientInfo } from './client-info.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const SESSION_TTL_MS = limits.auth.sessionTtlDays * DAY_MS;
/** Sliding expiry, written at most hourly so reads do not all become writes. */
const EXTEND_EVERY_MS = 60 * 60 * 1000;
const LIST_LIMIT = 100;
const USER_AGENT_MAX = 512;

export interface Authenticated {
  user: UserRecord;
  session: SessionRecord;
}

export function createSessionService(deps: {
  sessions: SessionsRepository;
  clock: Clock;
  /** Told of every new session (the new-device email); its failures never fail a sign-in. */
  onStart?: (userId: string, client: ClientInfo) => Promise<void>;
}) {
  const { sessions, clock } = deps;
  return {
    /** A new session; the token is returned once and only its hash is stored. */
    async start(
      userId: string,
      client: ClientInfo,
      options: { secondFactor?: boolean } = {},
    ): Promise<{ token: string; session: SessionRecord }> {
      const token = randomToken();
      const now = clock.now();
      const session = await sessions.create({
        userId,
        tokenHash: sha256(token),
        userAgent: client.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
        ipAddress: client.ip,
        now,
        expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
        secondFactorAt: options.secondFactor ? now : null,
      });
      await deps.onStart?.(userId, client).catch(() => undefined);
      return { token, session };
    },

    async authenticate(token: string): Promise<Authenticated | null> {
      const now = clock.now();
      const found = await sessions.findLive(sha256(token), now);
      if (!found || !canHoldSession(found.user)) return null;
      if (now.getTime() - found.session.lastUsedAt.getTime() >= EXTEND_EVERY_MS) {
        const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
        await sessions.extend(found.session.id, now, expiresAt);
        found.session = { ...found.session, lastUsedAt: now, expiresAt };
      }
      return found;
    },

    list: (userId: string) => sessions.listLive(userId, clock.now(), LIST_LIMIT),

    end: (sessionId: string) => sessions.delete(sessionId),

    /** Revokes one of the user's own sessions (another user's is 'not found'). */
    async revoke(user: UserRecord, sessionId: string): Promise<void> {
      const session = await sessions.findById(sessionId);
      assertCan(actorOf(user), 'session:revoke', { ownerId: session?.userId ?? null });
      await sessions.delete(sessionId);
    },

    endAllOf: (userId: string) => sessions.deleteAllOfUser(userId),

    endOthersOf: (userId: string, keepSessionId: string) =>
      sessions.deleteAllOfUserExcept(userId, keepSessionId),
  };
}

export type SessionService = ReturnType<typeof createSessionService>;

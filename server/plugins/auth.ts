import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../errors.ts';
import { exemptFromRegion } from '../lib/viewer-region.ts';
import { actorOf, assertCan } from '../policies/access.ts';
import { isAdminAccount } from '../policies/actions/accounts.ts';
import type { SessionRecord } from '../repositories/auth/sessions.repository.ts';
import type { UserRecord } from '../repositories/auth/users.repository.ts';
import type { ClientInfo } from '../services/auth/client-info.ts';
import type { SessionService } from '../services/auth/sessions.service.ts';
import type { TwoFactorService } from '../services/auth/two-factor.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by `app.authenticate` / `app.authenticateOptional`. */
    user: UserRecord | null;
    session: SessionRecord | null;
  }
  interface FastifyInstance {
    /** preHandler: a valid bearer token or 401. */
    authenticate(request: FastifyRequest): Promise<void>;
    /** preHandler: the user when a valid token is sent; anonymous otherwise (a bad token is ignored). */
    authenticateOptional(request: FastifyRequest): Promise<void>;
    /**
     * preHandler after `authenticate`, on sensitive actions: with two-step sign-in on, this session
     * must have proved a second factor in the last minutes, else 403 TWO_FACTOR_REQUIRED.
     */
    requireRecentSecondFactor(request: FastifyRequest): Promise<void>;
    /** preHandler after `authenticate` on every `/api/admin/...` route: an admin or 403. */
    requireAdmin(request: FastifyRequest): Promise<void>;
  }
}

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{16,128})\s*$/;

/** Bearer-token sessions: the token is opaque and only its hash is stored (see SessionService). */
export default fp(
  async function authPlugin(
    app: FastifyInstance,
    options: {
      sessions: SessionService;
      twoFactor: Pick<TwoFactorService, 'assertRecentSecondFactor'>;
    },
  ) {
    app.decorateRequest('user', null);
    app.decorateRequest('session', null);

    async function resolve(request: FastifyRequest): Promise<boolean> {
      const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
      if (!token) return false;
      const found = await options.sessions.authenticate(token);
      if (!found) return false;
      request.user = found.user;
      request.session = found.session;
      if (isAdminAccount(found.user)) exemptFromRegion();
      return true;
    }

    app.decorate('authenticate', async (request: FastifyRequest) => {
      if (!(await resolve(request))) throw unauthorized();
    });
    app.decorate('authenticateOptional', async (request: FastifyRequest) => {
      await resolve(request);
    });
    app.decorate('requireRecentSecondFactor', async (request: FastifyRequest) => {
      const { user, session } = signedIn(request);
      await options.twoFactor.assertRecentSecondFactor(user, session);
    });
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      assertCan(actorOf(signedIn(request).user), 'admin:act', { task: 'do this' });
    });
  },
  { name: 'auth', dependencies: ['errors'] },
);

/** The signed-in user and session in a handler behind `app.authenticate`. */
export function signedIn(request: FastifyRequest): { user: UserRecord; session: SessionRecord } {
  if (!request.user || !request.session) throw unauthorized();
  return { user: request.user, session: request.session };
}

export function clientInfo(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

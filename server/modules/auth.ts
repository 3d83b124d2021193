import { createOidcClient } from '../adapters/oauth/oidc-client.ts';
import { pruneExpiredSessionsJob } from '../jobs/prune-expired-sessions.ts';
import authRoutes from '../routes/auth/index.ts';
import { createAuthServices } from './auth-services.ts';
import { defineModule } from './module.ts';
import type { Platform } from './platform.ts';

/** Accounts: sign-up, sign-in, sessions, passwords, two-step sign-in, passkeys, Google (/api/auth). */
export function createAuthModule(p: Platform) {
  const { repos, config } = p;
  const services = createAuthServices({
    users: repos.users,
    sessions: repos.sessions,
    tokens: repos.authTokens,
    oauth: repos.oauth,
    twoFactor: repos.twoFactor,
    passkeys: repos.passkeys,
    knownBrowsers: repos.knownBrowsers,
    geo: p.geo,
    media: repos.media,
    passwords: p.passwords,
    outbox: p.outbox,
    limiter: p.limiter,
    oidc: config.google
      ? createOidcClient({ ...config.google, redirectUri: `${config.publicUrl}/api/auth/google/callback` })
      : null,
    clock: p.clock,
    settings: { appSecret: config.appSecret, publicUrl: config.publicUrl, adminEmails: config.adminEmails },
    log: p.log,
  });
  return defineModule({
    name: 'auth',
    services,
    routes: async (app) => {
      await app.register(authRoutes, { auth: services, publicUrl: config.publicUrl });
    },
    jobs: [
      pruneExpiredSessionsJob({
        sessions: repos.sessions,
        log: (removed) => p.log.info({ removed }, 'pruned expired sessions'),
      }),
    ],
  });
}

export type AuthModule = ReturnType<typeof createAuthModule>;

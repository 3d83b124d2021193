import type { FastifyInstance } from 'fastify';
import { createOidcClient } from '../adapters/oauth/oidc-client.ts';
import authRoutes from '../routes/auth/index.ts';
import { type AuthServices, createAuthServices } from './auth-services.ts';
import type { Platform } from './platform.ts';

/** Accounts: sign-up, sign-in, sessions, passwords, two-step sign-in, passkeys, Google (/api/auth). */
export function createAuth(p: Platform): AuthServices {
  const { repos, config } = p;
  return createAuthServices({
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
}

export async function registerAuth(app: FastifyInstance, p: Platform, auth: AuthServices): Promise<void> {
  await app.register(authRoutes, { auth, publicUrl: p.config.publicUrl });
}

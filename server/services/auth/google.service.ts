import { limits } from '../../../common/limits.ts';
import { authMessages } from '../../../common/schemas/auth.ts';
import type { OidcClient, OidcIdentity } from '../../adapters/oauth/oidc-client.ts';
import type { RateLimiter } from '../../adapters/rate-limit/index.ts';
import { badRequest, notFound, rateLimited } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { consume, rateLimits } from '../../lib/rate-limits.ts';
import { randomToken, sameDigest, sha256 } from '../../lib/secrets.ts';
import { actorOf, assertCan } from '../../policies/access.ts';
import type { AuthTokensRepository } from '../../repositories/auth/auth-tokens.repository.ts';
import type { OAuthRepository } from '../../repositories/auth/oauth.repository.ts';
import type { UserRecord, UsersRepository } from '../../repositories/auth/users.repository.ts';
import type { AdminGrant } from './admin-grant.ts';
import type { ClientInfo } from './client-info.ts';
import type { SessionService } from './sessions.service.ts';
import type { FirstFactorResult, TwoFactorService } from './two-factor.service.ts';

const PROVIDER = 'google';
const ATTEMPT_TTL_MS = 10 * 60 * 1000;

class GoogleSignInFailed extends Error {
  override name = 'GoogleSignInFailed';
}

function names(identity: OidcIdentity): { firstName: string; lastName: string } {
  const [first = '', ...rest] = (identity.name ?? '').split(/\s+/);
  const cut = (value: string) => value.slice(0, limits.nameMaxLength);
  return {
    firstName: cut(identity.givenName ?? first),
    lastName: cut(identity.familyName ?? rest.join(' ')),
  };
}

/**
 * Sign-in with Google (any OpenID Connect provider): authorization code + PKCE, state and nonce
 * kept server-side for 10 minutes and bound to the browser. The callback never puts a session
 * token in a URL: it hands the web app a one-time code (2 minutes) to trade for one.
 */
export function createGoogleSignInService(deps: {
  oidc: OidcClient | null;
  oauth: OAuthRepository;
  users: UsersRepository;
  tokens: AuthTokensRepository;
  sessions: SessionService;
  twoFactor: Pick<TwoFactorService, 'afterFirstFactor'>;
  limiter: RateLimiter;
  grantAdminIfListed: AdminGrant;
  clock: Clock;
  publicUrl: string;
  log: { warn(details: object, message: string): void };
}) {
  const { oauth, users, clock } = deps;

  function provider(): OidcClient {
    if (!deps.oidc) throw notFound(authMessages.googleNotConfigured);
    return deps.oidc;
  }

  /** Only a verified email links to an existing account, and it takes over an unproven one. */
  async function findOrCreateUser(identity: OidcIdentity & { email: string }): Promise<UserRecord> {
    const now = clock.now();
    const linked = await oauth.findAccount(PROVIDER, identity.subject);
    let user = linked ? await users.findById(linked.userId) : null;
    if (!user) {
      const existing = await users.findByEmail(identity.email);
      if (existing && !existing.isEmailVerified) {
        // Whoever chose this account's password never proved the address; the Google account just did.
        await users.setPasswordHash(existing.id, null, now);
        await deps.sessions.endAllOf(existing.id);
        user = await users.markEmailVerified(existing.id, now);
      } else {
        user =
          existing ??
          (await users.create({
            email: identity.email.toLowerCase(),
            passwordHash: null,
            ...names(identity),
            isEmailVerified: true,
            now,
          })) ??
          (await users.findByEmail(identity.email));
      }
      if (!user) throw new GoogleSignInFailed('the account could not be created');
      await oauth.linkAccount({
        provider: PROVIDER,
        subject: identity.subject,
        userId: user.id,
        email: identity.email.toLowerCase(),
        createdAt: now,
      });
    }
    return user;
  }

  async function complete(callbackUrl: URL, browserKey: string | null): Promise<string> {
    const state = callbackUrl.searchParams.get('state');
    const now = clock.now();
    const saved = state ? await oauth.consumeState(sha256(state), now) : null;
    if (!state || !saved || saved.provider !== PROVIDER)
      throw new GoogleSignInFailed('unknown or expired state');
    if (!browserKey || !sameDigest(saved.browserHash, sha256(browserKey))) {
      throw new GoogleSignInFailed('the callback came to another browser than the one that started');
    }
    const identity = await provider().finish(callbackUrl, {
      state,
      nonce: saved.nonce,
      codeVerifier: saved.codeVerifier,
    });
    if (!identity.email || !identity.emailVerified) throw new GoogleSignInFailed('the email is not verified');
    const user = await findOrCreateUser({ ...identity, email: identity.email });
    const code = randomToken();
    await deps.tokens.createExchangeCode({
      userId: user.id,
      hash: sha256(code),
      now,
      expiresAt: new Date(now.getTime() + limits.auth.googleExchangeCodeTtlSeconds * 1000),
    });
    return `${deps.publicUrl}/auth/google/complete#code=${encodeURIComponent(code)}`;
  }

  return {
    /** Where to send the browser, and the key the browser must bring back (kept in a cookie). */
    async start(client: ClientInfo): Promise<{ url: string; browserKey: string }> {
      const oidc = provider();
      const wait = await consume(deps.limiter, rateLimits.googleSignInStartsPerIp, client.ip);
      if (wait !== null) throw rateLimited(authMessages.tooManyRequests, wait);
      const attempt = oidc.newAttempt();
      const browserKey = randomToken();
      const now = clock.now();
      await oauth.saveState({
        stateHash: sha256(attempt.state),
        provider: PROVIDER,
        nonce: attempt.nonce,
        codeVerifier: attempt.codeVerifier,
        browserHash: sha256(browserKey),
        createdAt: now,
        expiresAt: new Date(now.getTime() + ATTEMPT_TTL_MS),
      });
      return { url: await oidc.authorizationUrl(attempt), browserKey };
    },

    /** Where to send the browser after the provider: the web app with a one-time code, or the sign-in page. */
    async callback(callbackUrl: URL, browserKey: string | null): Promise<string> {
      provider();
      try {
        return await complete(callbackUrl, browserKey);
      } catch (error) {
        deps.log.warn({ err: error }, 'Google sign-in failed');
        return `${deps.publicUrl}/login?error=google`;
      }
    },

    /** A session, or (two-step sign-in on) a challenge for the second step: Google is one factor. */
    async exchange(code: string, client: ClientInfo): Promise<FirstFactorResult> {
      provider();
      const userId = await deps.tokens.consumeExchangeCode(sha256(code), clock.now());
      const user = userId ? await users.findById(userId) : null;
      if (!user) throw badRequest(authMessages.googleCodeInvalid, { code: authMessages.googleCodeInvalid });
      assertCan(actorOf(user), 'account:sign-in', user);
      const signedIn = await deps.grantAdminIfListed(user);
      return deps.twoFactor.afterFirstFactor(signedIn, client);
    },
  };
}

export type GoogleSignInService = ReturnType<typeof createGoogleSignInService>;

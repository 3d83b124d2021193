import type { CountryLookup } from '../adapters/geo.ts';
import type { Outbox } from '../adapters/mail/index.ts';
import type { OidcClient } from '../adapters/oauth/oidc-client.ts';
import type { RateLimiter } from '../adapters/rate-limit/index.ts';
import type { Clock } from '../lib/clock.ts';
import type { AuthTokensRepository } from '../repositories/auth/auth-tokens.repository.ts';
import type { KnownBrowsersRepository } from '../repositories/auth/known-browsers.repository.ts';
import type { OAuthRepository } from '../repositories/auth/oauth.repository.ts';
import type { PasskeysRepository } from '../repositories/auth/passkeys.repository.ts';
import type { SessionsRepository } from '../repositories/auth/sessions.repository.ts';
import type { TwoFactorRepository } from '../repositories/auth/two-factor.repository.ts';
import type { UsersRepository } from '../repositories/auth/users.repository.ts';
import type { MediaRepository } from '../repositories/media/media.repository.ts';
import { createAdminGrant } from '../services/auth/admin-grant.ts';
import { createGoogleSignInService } from '../services/auth/google.service.ts';
import { createNewDeviceAlerts, placeOf } from '../services/auth/new-device.ts';
import { createPasskeyService } from '../services/auth/passkeys.service.ts';
import { createPasswordService } from '../services/auth/password.service.ts';
import type { PasswordHasher } from '../services/auth/passwords.ts';
import { createProfileService } from '../services/auth/profile.service.ts';
import { createRegistrationService } from '../services/auth/registration.service.ts';
import { createSessionService } from '../services/auth/sessions.service.ts';
import { createSignInService } from '../services/auth/sign-in.service.ts';
import { createSignInThrottle } from '../services/auth/sign-in-throttle.ts';
import { createTwoFactorService } from '../services/auth/two-factor.service.ts';

export interface AuthDependencies {
  users: UsersRepository;
  sessions: SessionsRepository;
  tokens: AuthTokensRepository;
  oauth: OAuthRepository;
  twoFactor: TwoFactorRepository;
  passkeys: PasskeysRepository;
  knownBrowsers: KnownBrowsersRepository;
  geo: CountryLookup;
  /** Uploaded media, to check that a new profile picture is the user's own upload. */
  media: Pick<MediaRepository, 'findById'>;
  passwords: PasswordHasher;
  outbox: Outbox;
  limiter: RateLimiter;
  oidc: OidcClient | null;
  clock: Clock;
  settings: { appSecret: string; publicUrl: string; adminEmails: readonly string[] };
  log: { warn(details: object, message: string): void };
}

/** The account services, each given only what it uses. */
export function createAuthServices(deps: AuthDependencies) {
  const { users, tokens, passwords, outbox, limiter, clock, settings } = deps;
  const alerts = createNewDeviceAlerts({
    knownBrowsers: deps.knownBrowsers,
    users,
    outbox,
    geo: deps.geo,
    clock,
    publicUrl: settings.publicUrl,
  });
  const sessions = createSessionService({
    sessions: deps.sessions,
    clock,
    onStart: async (userId, client) => {
      try {
        await alerts.seen(userId, client);
      } catch (error) {
        deps.log.warn({ err: error, userId }, 'new-device check failed');
      }
    },
  });
  const grantAdminIfListed = createAdminGrant({ users, adminEmails: settings.adminEmails, clock });
  const throttle = createSignInThrottle(limiter);
  const twoFactor = createTwoFactorService({
    twoFactor: deps.twoFactor,
    users,
    sessions,
    throttle,
    clock,
    appSecret: settings.appSecret,
    issuer: 'Fanplace',
  });
  return {
    sessions,
    /** 'United Kingdom' for an address, as far as the country database knows. */
    placeOf: (ip: string | null) => placeOf(deps.geo, ip),
    twoFactor,
    passkeys: createPasskeyService({
      passkeys: deps.passkeys,
      users,
      sessions,
      clock,
      publicUrl: settings.publicUrl,
    }),
    registration: createRegistrationService({
      users,
      tokens,
      sessions,
      passwords,
      outbox,
      limiter,
      grantAdminIfListed,
      clock,
      appSecret: settings.appSecret,
      publicUrl: settings.publicUrl,
    }),
    signIn: createSignInService({ users, passwords, twoFactor, throttle, grantAdminIfListed }),
    passwords: createPasswordService({
      users,
      tokens,
      sessions,
      passwords,
      throttle,
      outbox,
      limiter,
      clock,
      publicUrl: settings.publicUrl,
    }),
    profile: createProfileService({ users, media: deps.media, clock, publicUrl: settings.publicUrl }),
    google: createGoogleSignInService({
      oidc: deps.oidc,
      oauth: deps.oauth,
      users,
      tokens,
      sessions,
      twoFactor,
      limiter,
      grantAdminIfListed,
      clock,
      publicUrl: settings.publicUrl,
      log: deps.log,
    }),
  };
}

export type AuthServices = ReturnType<typeof createAuthServices>;

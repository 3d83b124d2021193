import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { passkeyMessages as m } from '../../../common/schemas/passkeys.ts';
import { badRequest, conflict, notFound, unauthorized } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { actorOf, assertCan } from '../../policies/access.ts';
import type { PasskeyRecord, PasskeysRepository } from '../../repositories/auth/passkeys.repository.ts';
import type { UserRecord, UsersRepository } from '../../repositories/auth/users.repository.ts';
import type { ClientInfo } from './client-info.ts';
import type { SessionService } from './sessions.service.ts';

const CHALLENGE_TTL_MS = 5 * 60 * 1000;

/** The challenge the browser signed, read from its clientDataJSON (checked again by the library). */
function challengeOf(response: { response?: { clientDataJSON?: unknown } }): string {
  const encoded = response.response?.clientDataJSON;
  if (typeof encoded !== 'string') return '';
  try {
    const parsed = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof parsed.challenge === 'string' ? parsed.challenge : '';
  } catch {
    return '';
  }
}

/**
 * Passkeys (WebAuthn, @simplewebauthn/server): added, named and removed in Settings; a discoverable
 * credential signs in without a password, and counts as two factors (something held, unlocked by
 * something known or a fingerprint), so a passkey session needs no two-step code.
 */
export function createPasskeyService(deps: {
  passkeys: PasskeysRepository;
  users: Pick<UsersRepository, 'findById'>;
  sessions: SessionService;
  clock: Clock;
  publicUrl: string;
}) {
  const origin = new URL(deps.publicUrl).origin;
  const rpID = new URL(deps.publicUrl).hostname;
  const expires = () => new Date(deps.clock.now().getTime() + CHALLENGE_TTL_MS);

  return {
    list: (user: UserRecord): Promise<PasskeyRecord[]> => deps.passkeys.listOf(user.id),

    async registrationOptions(user: UserRecord) {
      const existing = await deps.passkeys.listOf(user.id);
      const options = await generateRegistrationOptions({
        rpName: 'Fanplace',
        rpID,
        userName: user.email,
        userDisplayName: `${user.firstName} ${user.lastName}`.trim() || user.email,
        userID: new TextEncoder().encode(user.id),
        attestationType: 'none',
        excludeCredentials: existing.map((row) => ({ id: row.id })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      await deps.passkeys.saveChallenge({
        challenge: options.challenge,
        userId: user.id,
        purpose: 'register',
        expiresAt: expires(),
      });
      return options;
    },

    async add(user: UserRecord, name: string, response: Record<string, unknown>): Promise<PasskeyRecord> {
      const challenge = challengeOf(response);
      const now = deps.clock.now();
      if (!challenge || !(await deps.passkeys.consumeChallenge(challenge, 'register', user.id, now)))
        throw badRequest(m.expired);
      const verified = await verifyRegistrationResponse({
        response: response as unknown as RegistrationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: true,
      }).catch(() => null);
      if (!verified?.verified) throw badRequest(m.failed);
      const { credential } = verified.registrationInfo;
      const row = await deps.passkeys.create({
        id: credential.id,
        userId: user.id,
        name,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: (credential.transports ?? []).join(','),
        createdAt: now,
      });
      if (!row) throw conflict(m.alreadyRegistered);
      return row;
    },

    async rename(user: UserRecord, id: string, name: string): Promise<PasskeyRecord> {
      assertCan(actorOf(user), 'passkey:manage', { passkey: await deps.passkeys.find(id) });
      const row = await deps.passkeys.rename(id, name);
      if (!row) throw notFound(m.notFound); // removed in between
      return row;
    },

    async remove(user: UserRecord, id: string): Promise<void> {
      assertCan(actorOf(user), 'passkey:manage', { passkey: await deps.passkeys.find(id) });
      if (!(await deps.passkeys.remove(id))) throw notFound(m.notFound); // removed in between
    },

    async signInOptions() {
      const options = await generateAuthenticationOptions({ rpID, userVerification: 'required' });
      await deps.passkeys.saveChallenge({
        challenge: options.challenge,
        userId: null,
        purpose: 'sign-in',
        expiresAt: expires(),
      });
      return options;
    },

    /** A passkey's signature to a session that counts as two factors. */
    async signIn(
      response: Record<string, unknown>,
      client: ClientInfo,
    ): Promise<{ token: string; user: UserRecord }> {
      const challenge = challengeOf(response);
      const now = deps.clock.now();
      if (!challenge || !(await deps.passkeys.consumeChallenge(challenge, 'sign-in', null, now)))
        throw unauthorized(m.expired);
      const passkey = await deps.passkeys.find(String(response.id));
      if (!passkey) throw unauthorized(m.failed);
      const verified = await verifyAuthenticationResponse({
        response: response as unknown as AuthenticationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: true,
        credential: {
          id: passkey.id,
          publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
          counter: passkey.counter,
          transports: passkey.transports ? (passkey.transports.split(',') as AuthenticatorTransport[]) : [],
        },
      }).catch(() => null);
      if (!verified?.verified) throw unauthorized(m.failed);
      const user = await deps.users.findById(passkey.userId);
      if (!user) throw unauthorized(m.failed);
      assertCan(actorOf(user), 'account:sign-in', user);
      await deps.passkeys.used(passkey.id, verified.authenticationInfo.newCounter, now);
      const { token } = await deps.sessions.start(user.id, client, { secondFactor: true });
      return { token, user };
    },
  };
}

export type PasskeyService = ReturnType<typeof createPasskeyService>;

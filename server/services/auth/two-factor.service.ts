import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { twoFactorMessages as m, type TwoFactorSetup } from '../../../common/schemas/two-factor.ts';
import { badRequest, conflict, unauthorized } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { hmacSha256, randomToken, sha256 } from '../../lib/secrets.ts';
import { actorOf, assertCan } from '../../policies/access.ts';
import type { SessionRecord } from '../../repositories/auth/sessions.repository.ts';
import type { TwoFactorRepository } from '../../repositories/auth/two-factor.repository.ts';
import type { UserRecord, UsersRepository } from '../../repositories/auth/users.repository.ts';
import type { ClientInfo } from './client-info.ts';
import type { SessionService } from './sessions.service.ts';
import type { SignInThrottle } from './sign-in-throttle.ts';

const PERIOD_SECONDS = 30;
const CHALLENGE_TTL_MS = 10 * 60 * 1000;
const CHALLENGE_ATTEMPTS = 5;
const RECOVERY_CODES = 10;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** AES-256-GCM with a key derived from APP_SECRET for this one purpose: `iv.tag.ciphertext`. */
function secretBox(appSecret: string) {
  const key = Buffer.from(hkdfSync('sha256', appSecret, 'fanplace', 'two-factor-secret', 32));
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
    },
    open(sealed: string): string {
      const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
      if (!iv || !tag || !body) throw new Error('malformed two-factor secret');
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    },
  };
}

const normalizeRecovery = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

export type FirstFactorResult =
  | { kind: 'session'; token: string; user: UserRecord }
  | { kind: 'challenge'; challenge: string; user: UserRecord };

/**
 * Two-step sign-in with an authenticator app (RFC 6238: 6 digits, 30 s, one step either side,
 * each code once) and 10 single-use recovery codes. Wrong codes are counted like wrong passwords
 * (the sign-in throttle, keyed by account).
 */
export function createTwoFactorService(deps: {
  twoFactor: TwoFactorRepository;
  users: Pick<UsersRepository, 'findById'>;
  sessions: SessionService;
  throttle: SignInThrottle;
  clock: Clock;
  appSecret: string;
  issuer: string;
}) {
  const box = secretBox(deps.appSecret);
  const recoveryHash = (userId: string, code: string) =>
    hmacSha256(deps.appSecret, `recovery:${userId}:${normalizeRecovery(code)}`);
  const throttleKey = (userId: string) => `two-factor:${userId}`;

  async function enabledRecord(userId: string) {
    const record = await deps.twoFactor.find(userId);
    return record?.enabledAt ? record : null;
  }

  /** A TOTP code (spent on success) or a recovery code (spent on success). */
  async function checkCode(userId: string, code: string, allowRecovery: boolean): Promise<boolean> {
    const record = await deps.twoFactor.find(userId);
    if (!record) return false;
    const digits = code.replace(/\s/g, '');
    if (/^\d{6}$/.test(digits)) {
      const result = await verify({
        secret: box.open(record.secretCiphertext),
        token: digits,
        epoch: Math.floor(deps.clock.now().getTime() / 1000),
        period: PERIOD_SECONDS,
        epochTolerance: PERIOD_SECONDS,
        afterTimeStep: record.lastUsedStep,
      });
      if (!result.valid) return false;
      const step = 'timeStep' in result ? Number(result.timeStep) : 0;
      return deps.twoFactor.spendStep(userId, step);
    }
    if (!allowRecovery || !record.enabledAt) return false;
    return deps.twoFactor.spendRecoveryCode(userId, recoveryHash(userId, code), deps.clock.now());
  }

  /** Checks a code under the sign-in limits: a lock answers 429, a wrong code 400. */
  async function proveOrFail(userId: string, code: string, ip: string, allowRecovery = true) {
    await deps.throttle.assertAllowed(throttleKey(userId), ip);
    if (!(await checkCode(userId, code, allowRecovery))) {
      await deps.throttle.recordFailure(throttleKey(userId), ip);
      throw badRequest(m.codeIncorrect, { code: m.codeIncorrect });
    }
    await deps.throttle.recordSuccess(throttleKey(userId));
  }

  return {
    async status(userId: string) {
      const record = await enabledRecord(userId);
      return {
        enabled: record !== null,
        recoveryCodesLeft: record ? await deps.twoFactor.recoveryCodesLeft(userId) : 0,
      };
    },

    async isEnabled(userId: string): Promise<boolean> {
      return (await enabledRecord(userId)) !== null;
    },

    /** A fresh secret to scan; nothing changes for sign-in until a code confirms it. */
    async setup(user: UserRecord): Promise<TwoFactorSetup> {
      if (await enabledRecord(user.id)) throw conflict(m.alreadyOn);
      const secret = generateSecret();
      if (!(await deps.twoFactor.startSetup(user.id, box.seal(secret), deps.clock.now())))
        throw conflict(m.alreadyOn);
      const otpauthUrl = generateURI({ issuer: deps.issuer, label: user.email, secret });
      const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      return {
        secret,
        otpauthUrl,
        qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      };
    },

    /** The first code turns it on; the recovery codes are returned this once (only hashes are kept). */
    async enable(user: UserRecord, session: SessionRecord, code: string, client: ClientInfo) {
      const record = await deps.twoFactor.find(user.id);
      if (record?.enabledAt) throw conflict(m.alreadyOn);
      if (!record) throw badRequest(m.noSetup, { code: m.noSetup });
      await proveOrFail(user.id, code, client.ip, false);
      const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
      const now = deps.clock.now();
      await deps.twoFactor.enable(
        user.id,
        codes.map((value) => recoveryHash(user.id, value)),
        now,
      );
      await deps.twoFactor.markSecondFactor(session.id, now);
      return { message: m.enabled, recoveryCodes: codes };
    },

    async disable(user: UserRecord): Promise<void> {
      if (!(await enabledRecord(user.id))) throw badRequest(m.notOn);
      await deps.twoFactor.disable(user.id);
    },

    /** Proves the second factor for this session, for the sensitive actions of the next minutes. */
    async confirm(user: UserRecord, session: SessionRecord, code: string, client: ClientInfo) {
      if (!(await enabledRecord(user.id))) throw badRequest(m.notOn);
      await proveOrFail(user.id, code, client.ip);
      await deps.twoFactor.markSecondFactor(session.id, deps.clock.now());
    },

    /**
     * Sensitive actions (email, password, turning two-step off, deleting the account, payouts):
     * with two-step on, this session must have proved a second factor in the last 5 minutes.
     */
    async assertRecentSecondFactor(user: UserRecord, session: SessionRecord): Promise<void> {
      assertCan(actorOf(user), 'account:sensitive', {
        twoFactorOn: (await enabledRecord(user.id)) !== null,
        secondFactorAt: session.secondFactorAt,
        now: deps.clock.now(),
      });
    },

    /** After the password (or Google): a session, or a challenge when two-step is on. */
    async afterFirstFactor(user: UserRecord, client: ClientInfo): Promise<FirstFactorResult> {
      if (!(await enabledRecord(user.id))) {
        const { token } = await deps.sessions.start(user.id, client);
        return { kind: 'session', token, user };
      }
      const challenge = randomToken();
      const now = deps.clock.now();
      await deps.twoFactor.createChallenge({
        tokenHash: sha256(challenge),
        userId: user.id,
        now,
        expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
      });
      return { kind: 'challenge', challenge, user };
    },

    /** The second step of sign-in: 5 tries per challenge, and the account's failures are throttled. */
    async completeSignIn(
      challenge: string,
      code: string,
      client: ClientInfo,
    ): Promise<{ token: string; user: UserRecord }> {
      const tokenHash = sha256(challenge);
      const attempt = await deps.twoFactor.spendChallengeAttempt(
        tokenHash,
        deps.clock.now(),
        CHALLENGE_ATTEMPTS,
      );
      if (!attempt) throw unauthorized(m.challengeExpired);
      await proveOrFail(attempt.userId, code, client.ip);
      await deps.twoFactor.deleteChallenge(tokenHash);
      const user = await deps.users.findById(attempt.userId);
      if (!user) throw unauthorized(m.challengeExpired);
      assertCan(actorOf(user), 'account:sign-in', user);
      const { token } = await deps.sessions.start(user.id, client, { secondFactor: true });
      return { token, user };
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;

import { hash, verify } from '@node-rs/argon2';
import { authMessages } from '../../../common/schemas/auth.ts';
import { validationFailed } from '../../errors.ts';
import { isCommonPassword } from './common-passwords.ts';

/** argon2id (the library's default algorithm) with the OWASP minimum: 19 MiB, 2 passes, 1 lane. */
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password and for a missing hash (an account without a password). */
  verify(passwordHash: string | null, password: string): Promise<boolean>;
}

export function createPasswordHasher(): PasswordHasher {
  // Hashed once so that checking a password for an unknown account costs as much as for a real one.
  let dummy: Promise<string> | null = null;
  return {
    hash: (password) => hash(password, ARGON2),
    async verify(passwordHash, password) {
      if (passwordHash === null) {
        dummy ??= hash('not a real password, only spends the time', ARGON2);
        await verify(await dummy, password).catch(() => false);
        return false;
      }
      return verify(passwordHash, password).catch(() => false);
    },
  };
}

/** The server-side half of the password rule (length is checked by the request schema). */
export function assertAcceptablePassword(password: string, field: string): void {
  if (isCommonPassword(password)) throw validationFailed({ [field]: authMessages.passwordTooCommon });
}

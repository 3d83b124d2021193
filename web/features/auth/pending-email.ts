import { storageKeys } from '#common/storage-keys.ts';
import { storage } from '../../lib/storage.ts';

/** The address waiting for its verification code, kept under the spec's `email` key. */
export const pendingEmail = {
  get: (): string | null => storage.get(storageKeys.pendingEmail),
  set: (email: string): void => storage.set(storageKeys.pendingEmail, email),
  clear: (): void => storage.remove(storageKeys.pendingEmail),
};

import type { Passkey } from '../../../common/schemas/passkeys.ts';
import type { PasskeyRecord } from '../../repositories/auth/passkeys.repository.ts';

/** A passkey as its owner sees it in Settings: never its public key, counter or transports. */
export const presentPasskey = (row: PasskeyRecord): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

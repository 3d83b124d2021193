import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { safetyMessages } from '../../../common/schemas/safety.ts';
import type { RateLimiter } from '../../adapters/rate-limit/index.ts';
import type { Storage } from '../../adapters/storage/storage.ts';
import { badRequest, rateLimited } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { consume, rateLimits } from '../../lib/rate-limits.ts';
import type { AccountDataRepository } from '../../repositories/account-data.repository.ts';
import type { UserRecord } from '../../repositories/users.repository.ts';
import type { PasswordHasher } from '../auth/passwords.ts';

const EXTENSIONS: Record<string, string> = {
  'image/webp': '.webp',
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'video/mp4': '.mp4',
  'application/pdf': '.pdf',
};

/** JSON that survives dates and bigints. */
const json = (value: unknown) =>
  JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item), 2);

/** 'Download my data' and 'Delete account' (decision 0011 says what is kept and why). */
export function createAccountDataService(deps: {
  data: AccountDataRepository;
  storage: Storage;
  passwords: Pick<PasswordHasher, 'verify'>;
  limiter: RateLimiter;
  clock: Clock;
}) {
  return {
    /** A zip streamed as it is made: data.json (every table that refers to the user) and their media files. */
    async export(user: UserRecord): Promise<{ filename: string; stream: Readable }> {
      const wait = await consume(deps.limiter, rateLimits.dataExportsPerUser, user.id);
      if (wait !== null) throw rateLimited('You can download your data 5 times an hour', wait);
      const now = deps.clock.now();
      const [data, media] = await Promise.all([deps.data.collect(user.id), deps.data.mediaOf(user.id)]);
      const zip = new ZipFile();
      zip.addBuffer(
        Buffer.from(json({ exportedAt: now.toISOString(), format: 'fanplace-export-1', tables: data })),
        'data.json',
      );
      for (const row of media) {
        for (const [variant, file] of Object.entries(row.variants)) {
          zip.addReadStreamLazy(`media/${row.id}/${variant}${EXTENSIONS[file.mime] ?? ''}`, (done) => {
            deps.storage.get(file.key).then(
              (stream) => done(null, stream),
              (error: unknown) => done(error, undefined as unknown as Readable),
            );
          });
        }
      }
      zip.end();
      return {
        filename: `fanplace-data-${now.toISOString().slice(0, 10)}.zip`,
        stream: zip.outputStream as Readable,
      };
    },

    /**
     * Confirmed with the password (an account made with Google, which has none, types its email
     * instead). The user's media files are removed after the database says the account is gone.
     */
    async delete(user: UserRecord, confirmation: string): Promise<void> {
      const confirmed = user.passwordHash
        ? await deps.passwords.verify(user.passwordHash, confirmation)
        : confirmation.trim().toLowerCase() === user.email.toLowerCase();
      if (!confirmed)
        throw badRequest(safetyMessages.passwordIncorrect, { password: safetyMessages.passwordIncorrect });
      const removed = await deps.data.erase(user.id, deps.clock.now());
      await Promise.all(removed.map((id) => deps.storage.deletePrefix(`${id}/`).catch(() => {})));
    },
  };
}

export type AccountDataService = ReturnType<typeof createAccountDataService>;

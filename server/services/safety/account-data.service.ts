import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { type DataExport, dataExportLimits, safetyMessages } from '../../../common/schemas/safety.ts';
import type { Outbox } from '../../adapters/mail/index.ts';
import type { RateLimiter } from '../../adapters/rate-limit/index.ts';
import type { Storage } from '../../adapters/storage/storage.ts';
import { badRequest, notFound, rateLimited } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { consume, rateLimits } from '../../lib/rate-limits.ts';
import { actorOf, assertCan } from '../../policies/access.ts';
import type { UserRecord, UsersRepository } from '../../repositories/auth/users.repository.ts';
import {
  type AccountDataRepository,
  dataExportFolder,
} from '../../repositories/safety/account-data.repository.ts';
import type {
  DataExportRecord,
  DataExportsRepository,
} from '../../repositories/safety/data-exports.repository.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import { dataExportReadyEmail } from './emails.ts';

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

/** How long a ready export is kept, and how long a failed one is still shown. */
const KEEP_MS = dataExportLimits.keepDays * 24 * 60 * 60 * 1000;
/** No account's zip is this large; a runaway one stops here rather than fill the storage. */
const MAX_EXPORT_BYTES = 100 * 1024 ** 3;

/** What the user is told about their latest export (none when it expired or there is none). */
export function presentDataExport(row: DataExportRecord | null, now: Date): DataExport {
  const none: DataExport = {
    status: 'none',
    id: null,
    requestedAt: null,
    size: null,
    expiresAt: null,
    reason: null,
  };
  if (!row) return none;
  if (row.status === 'ready' && (!row.expiresAt || row.expiresAt <= now)) return none;
  return {
    status: row.status,
    id: row.id,
    requestedAt: row.requestedAt.toISOString(),
    size: row.status === 'ready' ? row.size : null,
    expiresAt: row.status === 'ready' ? (row.expiresAt?.toISOString() ?? null) : null,
    reason: row.status === 'failed' ? row.reason : null,
  };
}

const fileNameOf = (row: DataExportRecord) =>
  `fanplace-data-${row.requestedAt.toISOString().slice(0, 10)}.zip`;

/**
 * 'Download your data' and 'Delete account' (decision 0011 says what is kept and why). An export is
 * asked for, made by a job into media storage, announced by email, downloaded by its owner while
 * it is kept, then removed by a job.
 */
export function createAccountDataService(deps: {
  data: AccountDataRepository;
  exports: DataExportsRepository;
  users: Pick<UsersRepository, 'findById'>;
  storage: Storage;
  passwords: Pick<PasswordHasher, 'verify'>;
  limiter: RateLimiter;
  outbox: Outbox;
  clock: Clock;
  /** Queues the job that makes the export. */
  startExport(exportId: string): Promise<void>;
  settingsUrl: string;
  log: { info(details: object, message: string): void; error(details: object, message: string): void };
}) {
  /** A zip streamed as it is made: data.json (every table that refers to the user) and their media files. */
  async function zipOf(userId: string, now: Date): Promise<Readable> {
    const [data, media] = await Promise.all([deps.data.collect(userId), deps.data.mediaOf(userId)]);
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
    return zip.outputStream as Readable;
  }

  return {
    /** The caller's latest export. */
    async latest(user: UserRecord): Promise<DataExport> {
      return presentDataExport(await deps.exports.latest(user.id), deps.clock.now());
    },

    /**
     * Asks for an export: queues the job that makes it. While one is waiting, asking again answers
     * with that one (and counts nothing against the daily limit).
     */
    async request(user: UserRecord): Promise<DataExport> {
      const now = deps.clock.now();
      const waiting = await deps.exports.waiting(user.id);
      if (waiting) return presentDataExport(waiting, now);
      const wait = await consume(deps.limiter, rateLimits.dataExportsPerUser, user.id);
      if (wait !== null) throw rateLimited(safetyMessages.tooManyExports, wait);
      const created = await deps.exports.createWaiting(user.id, now);
      // Another request won the race: its export is the one.
      if (!created) return presentDataExport(await deps.exports.waiting(user.id), now);
      await deps.startExport(created.id);
      return presentDataExport(created, now);
    },

    /** The job: makes the zip into storage, marks it ready and tells the owner by email. */
    async make(exportId: string): Promise<void> {
      const row = await deps.exports.byId(exportId);
      if (row?.status !== 'waiting') return;
      const user = await deps.users.findById(row.userId);
      if (!user || user.deletedAt) {
        await deps.exports.markFailed(row.id, safetyMessages.exportFailed);
        return;
      }
      const now = deps.clock.now();
      const storageKey = `${dataExportFolder(row.id)}data.zip`;
      const { size } = await deps.storage.put(storageKey, await zipOf(user.id, now), {
        maxBytes: MAX_EXPORT_BYTES,
        contentType: 'application/zip',
      });
      const expiresAt = new Date(now.getTime() + KEEP_MS);
      const ready = await deps.exports.markReady(row.id, { storageKey, size, readyAt: now, expiresAt });
      if (!ready) {
        // Failed or removed meanwhile (the account was deleted): the file must not stay.
        await deps.storage.deletePrefix(dataExportFolder(row.id)).catch(() => {});
        return;
      }
      await deps.outbox.send(dataExportReadyEmail(user.email, deps.settingsUrl, expiresAt));
      deps.log.info({ exportId: row.id, size }, 'data export ready');
    },

    /** The job failed for the last time: the user reads a plain reason (the real one is logged). */
    async fail(exportId: string, reason: string): Promise<void> {
      deps.log.error({ exportId, reason }, 'data export failed');
      await deps.exports.markFailed(exportId, safetyMessages.exportFailed);
    },

    /** The zip, to its owner only, while it is kept. */
    async download(
      user: UserRecord,
      exportId: string,
    ): Promise<{ filename: string; size: number; stream: Readable }> {
      const row = await deps.exports.byId(exportId);
      const now = deps.clock.now();
      assertCan(actorOf(user), 'data-export:download', {
        ownerId: row?.userId ?? null,
        available: row !== null && presentDataExport(row, now).status === 'ready',
      });
      if (!row?.storageKey) throw notFound(safetyMessages.exportNotFound);
      const size = (await deps.storage.stat(row.storageKey))?.size;
      if (size === undefined) throw notFound(safetyMessages.exportNotFound);
      return { filename: fileNameOf(row), size, stream: await deps.storage.get(row.storageKey) };
    },

    /** The job: removes expired zips (and failed exports' rows once they are as old). */
    async removeExpired(): Promise<number> {
      const now = deps.clock.now();
      const rows = await deps.exports.expired(now, new Date(now.getTime() - KEEP_MS));
      for (const row of rows) await deps.storage.deletePrefix(dataExportFolder(row.id));
      await deps.exports.remove(rows.map((row) => row.id));
      return rows.length;
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
      const folders = await deps.data.erase(user.id, deps.clock.now());
      await Promise.all(folders.map((folder) => deps.storage.deletePrefix(folder).catch(() => {})));
    },
  };
}

export type AccountDataService = ReturnType<typeof createAccountDataService>;

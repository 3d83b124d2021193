/**
 * `npm run backup` and `npm run restore`: the database (PGlite or PostgreSQL), the jobs still to
 * run, and the media (local or in S3) in one zip archive. The database goes in as rows (JSON per
 * table) rather than a server-specific dump, so an archive of the embedded database restores into
 * PostgreSQL and the other way round; media has the same layout from either storage, so an archive
 * of local media restores into S3 and the other way round (docs/decisions/0022-backup-format.md).
 */
import { createHmac } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { GetObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { installQueueSchema, QUEUE_SCHEMA } from './adapters/queue.ts';
import { createStorage } from './adapters/storage/index.ts';
import { createS3Client, MEDIA_PREFIX as S3_MEDIA_PREFIX } from './adapters/storage/s3-driver.ts';
import { type Config, vapidKeysFrom } from './config.ts';
import { type DatabaseHandle, openDatabase, type SqlExecutor } from './db/client.ts';

const FORMAT = 1;
const MEDIA_PREFIX = 'media/';
const JOBS_PREFIX = 'jobs/';
/** Content types of media that came from S3, by key (written after the media). */
const MEDIA_TYPES = 'media-types.json';
const migrationsJournal = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'db/migrations/meta/_journal.json',
);

interface Manifest {
  format: number;
  createdAt: string;
  /** Migrations applied when the backup was made; a restore needs the same code. */
  migrations: number;
  driver: 'pglite' | 'postgres';
  tables: { name: string; rows: number }[];
  mediaFiles: number;
  /** Jobs waiting or running when the backup was made (absent in archives of before). */
  jobs?: number;
  /**
   * Names the APP_SECRET the archive was made under without revealing it (absent in archives of
   * before): two-step secrets, recovery codes and pending codes in the rows only work with it.
   */
  secretCheck?: string;
}

export interface BackupSummary {
  tables: number;
  rows: number;
  mediaFiles: number;
  /** Jobs still to run: queued, waiting for a retry, or running (these run again after a restore). */
  jobs: number;
  /** A restore under a new secret (`--new-secret`): accounts whose two-step sign-in was turned off. */
  twoStepTurnedOff?: number;
  /**
   * A restore under a new secret, with the push keys derived from it: browsers whose push was
   * turned off (they subscribed to the old key; push services would refuse every send).
   */
  pushDevicesDropped?: number;
}

/**
 * A fingerprint of APP_SECRET: the same secret gives the same one, and it tells nothing of the
 * secret (an HMAC of a fixed text, shortened).
 */
export function secretCheckOf(appSecret: string): string {
  return createHmac('sha256', appSecret).update('fanplace:backup-secret-check').digest('hex').slice(0, 16);
}

/** The tables whose rows only the secret they were written under can read (two-step sign-in). */
const SECRET_BOUND_TABLES = ['two_factor_recovery_codes', 'two_factor_secrets'] as const;

function migrationCount(): number {
  const journal = JSON.parse(readFileSync(migrationsJournal, 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

/** Our tables (schema public), in a stable order. */
async function tableNames(database: DatabaseHandle): Promise<string[]> {
  const { rows } = await database.sql.executeSql(
    "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name",
    [],
  );
  return (rows as { name: string }[]).map((row) => row.name);
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

function listFiles(dir: string, base = dir): string[] {
  if (!existsSync(dir)) return [];
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...listFiles(full, base));
    else if (entry.isFile()) found.push(path.relative(base, full));
  }
  return found;
}

/** Local media that is kept: everything under the media root but scratch and unfinished uploads. */
function mediaFiles(config: Config): string[] {
  if (config.s3) return [];
  return listFiles(config.media.dir).filter((file) => !file.split(path.sep)[0]?.startsWith('.'));
}

/** Media in the bucket: every object under the app's prefix (temporary objects live outside it). */
async function s3MediaKeys(client: S3Client, bucket: string): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: S3_MEDIA_PREFIX, ContinuationToken: token }),
    );
    for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key.slice(S3_MEDIA_PREFIX.length));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys.sort();
}

/**
 * pg-boss's tables that hold what is still to be done: the queues (with their retry settings), the
 * schedules, and every job not finished yet. A job that was running is kept as waiting for a retry:
 * the process running it is not part of the restored system, so it runs again (every job handler is
 * safe to run twice: payments are idempotent, media processing starts over).
 */
const JOB_TABLES = [
  { name: 'queue', select: 'select * from %s' },
  { name: 'schedule', select: 'select * from %s' },
  { name: 'job', select: "select * from %s where state in ('created', 'retry', 'active')" },
] as const;

async function hasQueueSchema(sql: SqlExecutor): Promise<boolean> {
  const { rows } = await sql.executeSql(
    `select to_regclass('${QUEUE_SCHEMA}.job') is not null as present`,
    [],
  );
  return (rows[0] as { present: boolean }).present;
}

/** Content types by file name, for media that came from local disk (S3 keeps its own). */
const TYPES_BY_EXTENSION: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
  mp4: 'video/mp4',
  m4s: 'video/iso.segment',
  m3u8: 'application/vnd.apple.mpegurl',
  pdf: 'application/pdf',
};
const typeOf = (key: string) => TYPES_BY_EXTENSION[key.split('.').at(-1) ?? ''] ?? 'application/octet-stream';

export async function createBackup(config: Config, archivePath: string): Promise<BackupSummary> {
  const database = await openDatabase(config);
  try {
    const zip = new yazl.ZipFile();
    const written = pipeline(zip.outputStream, createWriteStream(archivePath));
    // An object that cannot be read from the bucket fails the backup (yazl reports it on the zip).
    const broken = new Promise<never>((_, reject) => zip.on('error', reject));
    broken.catch(() => undefined);
    const tables: Manifest['tables'] = [];
    for (const name of await tableNames(database)) {
      const { rows } = await database.sql.executeSql(
        `select coalesce(json_agg(row_to_json(t)), '[]'::json)::text as rows from ${quote(name)} t`,
        [],
      );
      const json = (rows[0] as { rows: string }).rows;
      tables.push({ name, rows: (JSON.parse(json) as unknown[]).length });
      zip.addBuffer(Buffer.from(json), `db/${name}.json`);
    }
    let jobs = 0;
    if (await hasQueueSchema(database.sql)) {
      for (const table of JOB_TABLES) {
        const { rows } = await database.sql.executeSql(
          `select coalesce(json_agg(row_to_json(t)), '[]'::json)::text as rows from (${table.select.replace('%s', `${QUEUE_SCHEMA}.${table.name}`)}) t`,
          [],
        );
        let records = JSON.parse((rows[0] as { rows: string }).rows) as Record<string, unknown>[];
        if (table.name === 'job') {
          records = records.map((job) =>
            job.state === 'active' ? { ...job, state: 'retry', started_on: null, heartbeat_on: null } : job,
          );
          jobs = records.length;
        }
        zip.addBuffer(Buffer.from(JSON.stringify(records)), `${JOBS_PREFIX}${table.name}.json`);
      }
    }
    let mediaCount = 0;
    if (config.s3) {
      const { bucket } = config.s3;
      const client = createS3Client(config.s3);
      const types: Record<string, string> = {};
      const keys = await s3MediaKeys(client, bucket);
      // One object at a time, as the archive is written: a bucket of videos never sits in memory.
      for (const key of keys) {
        zip.addReadStreamLazy(`${MEDIA_PREFIX}${key}`, (callback) => {
          const object = client.send(
            new GetObjectCommand({ Bucket: bucket, Key: `${S3_MEDIA_PREFIX}${key}` }),
          );
          object.then(
            (found) => {
              if (found.ContentType) types[key] = found.ContentType;
              callback(null, found.Body as Readable);
            },
            (error: Error) => callback(error, null as never),
          );
        });
      }
      zip.addReadStreamLazy(MEDIA_TYPES, (callback) =>
        callback(null, Readable.from([JSON.stringify(types)])),
      );
      mediaCount = keys.length;
    } else {
      const files = mediaFiles(config);
      for (const file of files) {
        zip.addFile(path.join(config.media.dir, file), `${MEDIA_PREFIX}${file.split(path.sep).join('/')}`);
      }
      mediaCount = files.length;
    }
    const manifest: Manifest = {
      format: FORMAT,
      createdAt: new Date().toISOString(),
      migrations: migrationCount(),
      driver: database.driver,
      tables,
      mediaFiles: mediaCount,
      jobs,
      secretCheck: secretCheckOf(config.appSecret),
    };
    zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), 'manifest.json');
    zip.end();
    await Promise.race([written, broken]);
    return {
      tables: tables.length,
      rows: tables.reduce((sum, table) => sum + table.rows, 0),
      mediaFiles: mediaCount,
      jobs,
    };
  } finally {
    await database.close();
  }
}

export class RestoreError extends Error {
  override name = 'RestoreError';
}

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true }, (error, zip) => (error ? reject(error) : resolve(zip))),
  );
}

/** Every entry of the archive, read one at a time. */
async function* entries(file: string): AsyncGenerator<{ name: string; data: Buffer }> {
  const zip = await openZip(file);
  try {
    for (;;) {
      const entry = await new Promise<yauzl.Entry | null>((resolve, reject) => {
        const settle = (value: yauzl.Entry | null, error?: Error) => {
          zip.off('entry', onEntry);
          zip.off('end', onEnd);
          zip.off('error', onError);
          if (error) reject(error);
          else resolve(value);
        };
        const onEntry = (found: yauzl.Entry) => settle(found);
        const onEnd = () => settle(null);
        const onError = (error: Error) => settle(null, error);
        zip.on('entry', onEntry);
        zip.on('end', onEnd);
        zip.on('error', onError);
        zip.readEntry();
      });
      if (!entry) return;
      if (entry.fileName.endsWith('/')) continue;
      const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
        zip.openReadStream(entry, (error, readable) => (error ? reject(error) : resolve(readable))),
      );
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      yield { name: entry.fileName, data: Buffer.concat(chunks) };
    }
  } finally {
    zip.close();
  }
}

/** Puts one of pg-boss's tables back; columns of another pg-boss version are left to their defaults. */
async function restoreJobTable(sql: SqlExecutor, table: string, json: string): Promise<number> {
  const records = JSON.parse(json) as Record<string, unknown>[];
  if (records.length === 0) return 0;
  const { rows } = await sql.executeSql(
    'select column_name as name from information_schema.columns where table_schema = $1 and table_name = $2',
    [QUEUE_SCHEMA, table],
  );
  const present = new Set(Object.keys(records[0] ?? {}));
  const columns = (rows as { name: string }[]).map((row) => row.name).filter((name) => present.has(name));
  const list = columns.map(quote).join(', ');
  await sql.executeSql(
    `insert into ${QUEUE_SCHEMA}.${quote(table)} (${list}) select ${list} from json_populate_recordset(null::${QUEUE_SCHEMA}.${quote(table)}, $1::json) on conflict do nothing`,
    [json],
  );
  return records.length;
}

/**
 * Brings an archive back into an empty database and media folder (or bucket prefix), with the jobs
 * that were still to run; refuses anything else.
 */
/** The archive's manifest: what it holds and what it needs (read before anything is changed). */
export async function readManifest(archivePath: string): Promise<Manifest> {
  for await (const entry of entries(archivePath)) {
    if (entry.name === 'manifest.json') {
      const manifest = JSON.parse(entry.data.toString('utf8')) as Manifest;
      if (manifest.format === FORMAT) return manifest;
    }
  }
  throw new RestoreError(`${archivePath} is not a Fanplace backup`);
}

/** Why a restore needs the secret the archive was made under, and the ways to give it. */
export const secretNeeded = (dataDir: string) =>
  `This backup needs the APP_SECRET it was made under: two-step sign-in (its codes and recovery codes) only works with that secret. Set APP_SECRET to it, or copy the old server's DATA_DIR/app-secret to ${path.join(dataDir, 'app-secret')}, then restore again. If the secret is lost, restore with --new-secret: the accounts that use two-step sign-in then sign in with their password alone and can turn it on again.`;

/**
 * Before the configuration is read (which makes a new secret in an empty DATA_DIR): the refusal
 * when the archive needs a secret and none is given, by APP_SECRET or DATA_DIR/app-secret.
 */
export function missingSecret(
  manifest: Pick<Manifest, 'secretCheck'>,
  given: { appSecret: string | undefined; dataDir: string; newSecret: boolean },
): string | null {
  if (!manifest.secretCheck || given.newSecret || given.appSecret) return null;
  return existsSync(path.join(given.dataDir, 'app-secret')) ? null : secretNeeded(given.dataDir);
}

export interface RestoreOptions {
  /**
   * Restore under this process's secret although the archive was made under another: two-step
   * sign-in, which only that other secret could read, is turned off for the accounts that had it.
   */
  newSecret?: boolean;
}

export async function restoreBackup(
  config: Config,
  archivePath: string,
  options: RestoreOptions = {},
): Promise<BackupSummary> {
  const manifest = await readManifest(archivePath);
  let mediaTypes: Record<string, string> = {};
  for await (const entry of entries(archivePath)) {
    if (entry.name === MEDIA_TYPES)
      mediaTypes = JSON.parse(entry.data.toString('utf8')) as Record<string, string>;
  }
  const otherSecret =
    manifest.secretCheck !== undefined && manifest.secretCheck !== secretCheckOf(config.appSecret);
  if (otherSecret && !options.newSecret) throw new RestoreError(secretNeeded(config.dataDir));
  if (manifest.migrations !== migrationCount()) {
    throw new RestoreError(
      `The backup was made with ${manifest.migrations} database migrations and this code has ${migrationCount()}: restore it with the version that made it, then upgrade`,
    );
  }
  if (config.s3) {
    const used = await s3MediaKeys(createS3Client(config.s3), config.s3.bucket);
    if (used.length > 0) {
      throw new RestoreError(
        `The bucket ${config.s3.bucket} already holds media under ${S3_MEDIA_PREFIX}: restore into an empty one`,
      );
    }
  } else if (mediaFiles(config).length > 0) {
    throw new RestoreError(`${config.media.dir} is not empty: restore into an empty DATA_DIR`);
  }
  const storage = config.s3 ? createStorage(config) : null;
  const database = await openDatabase(config);
  try {
    const names = new Set(await tableNames(database));
    for (const name of names) {
      const { rows } = await database.sql.executeSql(
        `select exists (select 1 from ${quote(name)}) as used`,
        [],
      );
      if ((rows[0] as { used: boolean }).used) {
        throw new RestoreError(
          `The database is not empty (table ${name} has rows): restore into an empty one`,
        );
      }
    }
    // The jobs go back into pg-boss's own tables, made here as the app would make them at start.
    await installQueueSchema(database);
    let rows = 0;
    let jobs = 0;
    let mediaCount = 0;
    let twoStepTurnedOff: number | undefined;
    let pushDevicesDropped: number | undefined;
    await database.withMigrationLock(async (sql) => {
      await sql.executeSql('begin', []);
      try {
        // Rows go in table by table; foreign keys are checked by the data, not by insertion order.
        await sql.executeSql("set local session_replication_role = 'replica'", []);
        for await (const entry of entries(archivePath)) {
          const table = /^db\/(.+)\.json$/.exec(entry.name)?.[1];
          const jobTable = entry.name.startsWith(JOBS_PREFIX)
            ? JOB_TABLES.find((known) => `${JOBS_PREFIX}${known.name}.json` === entry.name)
            : undefined;
          if (table && names.has(table)) {
            const json = entry.data.toString('utf8');
            await sql.executeSql(
              `insert into ${quote(table)} overriding system value select * from json_populate_recordset(null::${quote(table)}, $1::json)`,
              [json],
            );
            rows += (JSON.parse(json) as unknown[]).length;
          } else if (jobTable) {
            const count = await restoreJobTable(sql, jobTable.name, entry.data.toString('utf8'));
            if (jobTable.name === 'job') jobs = count;
          } else if (entry.name.startsWith(MEDIA_PREFIX)) {
            const relative = entry.name.slice(MEDIA_PREFIX.length);
            if (storage) {
              await storage.put(relative, Readable.from([entry.data]), {
                maxBytes: entry.data.length,
                contentType: mediaTypes[relative] ?? typeOf(relative),
              });
            } else {
              const target = path.resolve(config.media.dir, relative);
              if (!target.startsWith(path.resolve(config.media.dir) + path.sep)) continue;
              await mkdir(path.dirname(target), { recursive: true });
              await writeFile(target, entry.data);
            }
            mediaCount += 1;
          }
        }
        if (otherSecret) {
          const { rows: turnedOff } = await sql.executeSql(
            'select count(*)::int as n from two_factor_secrets where enabled_at is not null',
            [],
          );
          twoStepTurnedOff = (turnedOff[0] as { n: number }).n;
          for (const table of SECRET_BOUND_TABLES) await sql.executeSql(`delete from ${quote(table)}`, []);
          // Push keys made from the secret are new too (server/config.ts vapidKeysFrom): browsers
          // subscribed to the old one turn push on again from Settings.
          if (config.push.publicKey === vapidKeysFrom(config.appSecret).publicKey) {
            const { rows: dropped } = await sql.executeSql(
              'with gone as (delete from push_subscriptions returning 1) select count(*)::int as n from gone',
              [],
            );
            pushDevicesDropped = (dropped[0] as { n: number }).n;
          }
        }
        // Sequences continue after the restored ids.
        const { rows: sequences } = await sql.executeSql(
          "select c.table_name as table_name, c.column_name as column_name from information_schema.columns c where c.table_schema = 'public' and (c.column_default like 'nextval(%' or c.is_identity = 'YES')",
          [],
        );
        for (const { table_name: table, column_name: column } of sequences as {
          table_name: string;
          column_name: string;
        }[]) {
          await sql.executeSql(
            `select setval(pg_get_serial_sequence($1, $2), coalesce((select max(${quote(column)}) from ${quote(table)}), 0) + 1, false)`,
            [quote(table), column],
          );
        }
        await sql.executeSql('commit', []);
      } catch (error) {
        await sql.executeSql('rollback', []).catch(() => {});
        throw error;
      }
    });
    return {
      tables: manifest.tables.length,
      rows,
      mediaFiles: mediaCount,
      jobs,
      ...(twoStepTurnedOff === undefined ? {} : { twoStepTurnedOff }),
      ...(pushDevicesDropped === undefined ? {} : { pushDevicesDropped }),
    };
  } finally {
    await database.close();
  }
}

/** Where `npm run backup` writes when not told: ./backups/fanplace-<time>.zip. */
export function defaultArchivePath(now = new Date()): string {
  const dir = path.resolve('backups');
  mkdirSync(dir, { recursive: true });
  return path.join(dir, `fanplace-${now.toISOString().replaceAll(':', '-').replace(/\..+$/, '')}.zip`);
}

export const archiveSize = (file: string) => statSync(file).size;

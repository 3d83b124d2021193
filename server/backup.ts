/**
 * `npm run backup` and `npm run restore`: the database (PGlite or PostgreSQL) and local media in
 * one zip archive. The database goes in as rows (JSON per table) rather than a server-specific
 * dump, so an archive of the embedded database restores into PostgreSQL and the other way round.
 * Jobs in flight are not kept (pg-boss's tables): scheduled ones are made again at start.
 */
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import yauzl from 'yauzl';
import yazl from 'yazl';
import type { Config } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/client.ts';

const FORMAT = 1;
const MEDIA_PREFIX = 'media/';
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
}

export interface BackupSummary {
  tables: number;
  rows: number;
  mediaFiles: number;
}

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

/** Media that is kept: everything under the media root but scratch and unfinished uploads. */
function mediaFiles(config: Config): string[] {
  if (config.s3) return [];
  return listFiles(config.media.dir).filter((file) => !file.split(path.sep)[0]?.startsWith('.'));
}

export async function createBackup(config: Config, archivePath: string): Promise<BackupSummary> {
  const database = await openDatabase(config);
  try {
    const zip = new yazl.ZipFile();
    const written = pipeline(zip.outputStream, createWriteStream(archivePath));
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
    const files = mediaFiles(config);
    for (const file of files) {
      zip.addFile(path.join(config.media.dir, file), `${MEDIA_PREFIX}${file.split(path.sep).join('/')}`);
    }
    const manifest: Manifest = {
      format: FORMAT,
      createdAt: new Date().toISOString(),
      migrations: migrationCount(),
      driver: database.driver,
      tables,
      mediaFiles: files.length,
    };
    zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), 'manifest.json');
    zip.end();
    await written;
    return {
      tables: tables.length,
      rows: tables.reduce((sum, table) => sum + table.rows, 0),
      mediaFiles: files.length,
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

/** Brings an archive back into an empty database and media folder; refuses anything else. */
export async function restoreBackup(config: Config, archivePath: string): Promise<BackupSummary> {
  let manifest: Manifest | null = null;
  for await (const entry of entries(archivePath)) {
    if (entry.name === 'manifest.json') manifest = JSON.parse(entry.data.toString('utf8')) as Manifest;
  }
  if (!manifest || manifest.format !== FORMAT)
    throw new RestoreError(`${archivePath} is not a Fanplace backup`);
  if (manifest.migrations !== migrationCount()) {
    throw new RestoreError(
      `The backup was made with ${manifest.migrations} database migrations and this code has ${migrationCount()}: restore it with the version that made it, then upgrade`,
    );
  }
  if (!config.s3 && mediaFiles(config).length > 0) {
    throw new RestoreError(`${config.media.dir} is not empty: restore into an empty DATA_DIR`);
  }
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
    let rows = 0;
    let mediaCount = 0;
    await database.withMigrationLock(async (sql) => {
      await sql.executeSql('begin', []);
      try {
        // Rows go in table by table; foreign keys are checked by the data, not by insertion order.
        await sql.executeSql("set local session_replication_role = 'replica'", []);
        for await (const entry of entries(archivePath)) {
          const table = /^db\/(.+)\.json$/.exec(entry.name)?.[1];
          if (table && names.has(table)) {
            const json = entry.data.toString('utf8');
            await sql.executeSql(
              `insert into ${quote(table)} overriding system value select * from json_populate_recordset(null::${quote(table)}, $1::json)`,
              [json],
            );
            rows += (JSON.parse(json) as unknown[]).length;
          } else if (entry.name.startsWith(MEDIA_PREFIX) && !config.s3) {
            const relative = entry.name.slice(MEDIA_PREFIX.length);
            const target = path.resolve(config.media.dir, relative);
            if (!target.startsWith(path.resolve(config.media.dir) + path.sep)) continue;
            await mkdir(path.dirname(target), { recursive: true });
            await writeFile(target, entry.data);
            mediaCount += 1;
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
    return { tables: manifest.tables.length, rows, mediaFiles: mediaCount };
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

/** `npm run backup [-- <archive.zip>]`: the database and local media into one archive. */
import { archiveSize, createBackup, defaultArchivePath } from '../server/backup.ts';
import { ConfigError, loadConfig } from '../server/config.ts';

try {
  const config = loadConfig();
  const archive = process.argv[2] ?? defaultArchivePath();
  const summary = await createBackup(config, archive);
  const megabytes = (archiveSize(archive) / 1024 / 1024).toFixed(1);
  process.stdout.write(
    `Backed up ${summary.rows} rows in ${summary.tables} tables and ${summary.mediaFiles} media files to ${archive} (${megabytes} MB)\n`,
  );
  if (config.s3)
    process.stdout.write('Media in S3 is not in the archive: back the bucket up with its own tools.\n');
} catch (error) {
  process.stderr.write(
    `Backup failed: ${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
}

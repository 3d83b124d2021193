/** `npm run backup [-- <archive.zip>]`: the database, the jobs still to run and the media into one archive. */
import { archiveSize, createBackup, defaultArchivePath } from '../server/backup.ts';
import { ConfigError, loadConfig } from '../server/config.ts';

try {
  const config = loadConfig();
  const archive = process.argv[2] ?? defaultArchivePath();
  const summary = await createBackup(config, archive);
  const megabytes = (archiveSize(archive) / 1024 / 1024).toFixed(1);
  process.stdout.write(
    `Backed up ${summary.rows} rows in ${summary.tables} tables, ${summary.jobs} jobs still to run and ${summary.mediaFiles} media files${config.s3 ? ` from the bucket ${config.s3.bucket}` : ''} to ${archive} (${megabytes} MB)\n`,
  );
  process.stdout.write(
    `A restore needs this server's APP_SECRET (${process.env.APP_SECRET ? 'the APP_SECRET variable' : `the file ${config.dataDir}/app-secret`}): keep it safe, apart from the archive.\n`,
  );
} catch (error) {
  process.stderr.write(
    `Backup failed: ${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
}

/** `npm run restore -- <archive.zip>`: an archive of `npm run backup` into an empty database and DATA_DIR. */
import { restoreBackup } from '../server/backup.ts';
import { loadConfig } from '../server/config.ts';

const archive = process.argv[2];
if (!archive) {
  process.stderr.write('Usage: npm run restore -- <archive.zip>\n');
  process.exit(1);
}
try {
  const summary = await restoreBackup(loadConfig(), archive);
  process.stdout.write(
    `Restored ${summary.rows} rows in ${summary.tables} tables, ${summary.jobs} jobs still to run and ${summary.mediaFiles} media files from ${archive}\n`,
  );
} catch (error) {
  process.stderr.write(`Restore failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

/**
 * `npm run restore -- <archive.zip> [--new-secret]`: an archive of `npm run backup` into an empty
 * database and DATA_DIR. The archive needs the APP_SECRET it was made under (two-step sign-in depends
 * on it); `--new-secret` restores without it and turns two-step sign-in off where it was on.
 */
import path from 'node:path';
import { missingSecret, RestoreError, readManifest, restoreBackup } from '../server/backup.ts';
import { loadConfig } from '../server/config.ts';

const args = process.argv.slice(2);
const newSecret = args.includes('--new-secret');
const archive = args.find((arg) => !arg.startsWith('--'));
if (!archive) {
  process.stderr.write('Usage: npm run restore -- <archive.zip> [--new-secret]\n');
  process.exit(1);
}
try {
  // Before the configuration is read: reading it makes a new secret in an empty DATA_DIR, which
  // would only be in the way of the one the archive needs.
  const manifest = await readManifest(archive);
  const refusal = missingSecret(manifest, {
    appSecret: process.env.APP_SECRET || undefined,
    dataDir: path.resolve(process.env.DATA_DIR || './data'),
    newSecret,
  });
  if (refusal) throw new RestoreError(refusal);
  const summary = await restoreBackup(loadConfig(), archive, { newSecret });
  process.stdout.write(
    `Restored ${summary.rows} rows in ${summary.tables} tables, ${summary.jobs} jobs still to run and ${summary.mediaFiles} media files from ${archive}\n`,
  );
  if (summary.pushDevicesDropped)
    process.stdout.write(
      `Push notifications were turned off in ${summary.pushDevicesDropped} browser(s): the push key comes from APP_SECRET, so their owners turn push on again in Settings.\n`,
    );
  if (summary.twoStepTurnedOff !== undefined)
    process.stdout.write(
      `Restored under a new APP_SECRET: two-step sign-in was turned off for ${summary.twoStepTurnedOff} account(s); they sign in with their password and can turn it on again.\n`,
    );
} catch (error) {
  process.stderr.write(`Restore failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

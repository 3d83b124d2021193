/**
 * `npm run ledger:check`: proves the double-entry ledger balances. Connects like the server does
 * (DATABASE_URL, or the embedded database in DATA_DIR) and exits non-zero, naming each transaction
 * that does not sum to zero per currency and each creator whose available balance (earned, past
 * the hold, not set aside for a payout) is below zero.
 */
import { ConfigError, loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { DatabaseLockedError } from '../server/db/pglite-lock.ts';
import { checkLedger, describeUnbalanced } from '../server/repositories/billing/core/ledger.repository.ts';

async function main(): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    const heldSince = new Date(Date.now() - config.payments.earningsHoldDays * 24 * 3_600_000);
    const report = await checkLedger(database.db, heldSince);
    if (report.unbalanced.length > 0) {
      process.stderr.write(`Ledger out of balance (${report.unbalanced.length} transactions):\n`);
      for (const entry of report.unbalanced) process.stderr.write(`  ${describeUnbalanced(entry)}\n`);
    }
    if (report.negativeAvailable.length > 0) {
      process.stderr.write(`Available balances below zero (${report.negativeAvailable.length} creators):\n`);
      for (const row of report.negativeAvailable)
        process.stderr.write(
          `  creator ${row.creatorUserId}: ${row.available} (${row.currency} minor units)\n`,
        );
    }
    if (report.unbalanced.length > 0 || report.negativeAvailable.length > 0) return 1;
    process.stdout.write(
      `Ledger balanced: ${report.transactions} transactions, ${report.entries} entries, every one sums to zero per currency; no creator's available balance is below zero.\n`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    if (error instanceof ConfigError || error instanceof DatabaseLockedError)
      process.stderr.write(`${error.message}\n`);
    else
      process.stderr.write(
        `ledger check failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
    process.exit(2);
  });

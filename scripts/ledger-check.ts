/**
 * `npm run ledger:check`: proves the double-entry ledger balances. Connects like the server does
 * (DATABASE_URL, or the embedded database in DATA_DIR) and exits non-zero, naming each transaction
 * that does not sum to zero per currency.
 */
import { ConfigError, loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { DatabaseLockedError } from '../server/db/pglite-lock.ts';
import { checkLedger, describeUnbalanced } from '../server/repositories/ledger.repository.ts';

async function main(): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    const report = await checkLedger(database.db);
    if (report.unbalanced.length > 0) {
      process.stderr.write(`Ledger out of balance (${report.unbalanced.length} transactions):\n`);
      for (const entry of report.unbalanced) process.stderr.write(`  ${describeUnbalanced(entry)}\n`);
      return 1;
    }
    process.stdout.write(
      `Ledger balanced: ${report.transactions} transactions, ${report.entries} entries, every one sums to zero per currency.\n`,
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

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.ts';
import { ledgerAccounts, ledgerTransactions } from '../../../db/schema/index.ts';
import { uuidv7 } from '../../../lib/ids.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  assertLedgerBalanced,
  checkLedger,
  createLedgerRepository,
  type LedgerLine,
  UnbalancedPostingError,
} from './ledger.repository.ts';

/** The database's own words behind a failed query (drizzle wraps them in `cause`). */
async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return cause?.message ?? (error as Error).message;
  }
  throw new Error('expected the database to refuse');
}

/**
 * Writes a ledger transaction and its entries with raw SQL, as a bug or a hand-written query would,
 * bypassing `post()`. With `bypassTrigger` the database's own check is switched off for this one
 * transaction (as a restore does), to prove `npm run ledger:check` still finds what slipped through.
 */
async function rawPosting(
  db: Database,
  lines: { account: string; amount: number; currency: string }[],
  options: { bypassTrigger?: boolean } = {},
): Promise<string> {
  const id = uuidv7();
  await db.transaction(async (tx) => {
    if (options.bypassTrigger) await tx.execute(sql.raw("set local session_replication_role = 'replica'"));
    await tx.execute(
      sql`insert into ledger_transactions (id, kind, description, created_at) values (${id}, 'charge', 'raw', now())`,
    );
    for (const line of lines) {
      await tx.execute(
        sql`insert into ledger_entries (id, transaction_id, account_id, amount, currency) values (${uuidv7()}, ${id}, ${line.account}, ${line.amount}, ${line.currency})`,
      );
    }
  });
  return id;
}

describe('ledger check', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const cash = { id: 'platform:cash', kind: 'asset', description: 'cash' } as const;
  const revenue = { id: 'platform:revenue', kind: 'revenue', description: 'revenue' } as const;

  it('balances are sums of entries, and an entry set that does not sum to zero is named', async () => {
    const db = t.app.services.database.db;
    const ledger = createLedgerRepository(db);
    const now = new Date();
    await ledger.post({
      kind: 'charge',
      paymentId: null,
      description: 'balanced',
      now,
      lines: [
        { account: cash, amount: 1500, currency: 'NGN' },
        { account: revenue, amount: -1500, currency: 'NGN' },
        { account: cash, amount: 300, currency: 'USD' },
        { account: revenue, amount: -300, currency: 'USD' },
      ],
    });
    expect(await ledger.balance('platform:cash', 'NGN')).toBe(1500);
    expect((await assertLedgerBalanced(db)).unbalanced).toEqual([]);

    const broken = await rawPosting(
      db,
      [
        { account: cash.id, amount: 1000, currency: 'NGN' },
        { account: revenue.id, amount: -1000, currency: 'USD' },
      ],
      { bypassTrigger: true },
    );
    const report = await checkLedger(db);
    expect(
      report.unbalanced.map((entry) => [entry.transactionId, entry.currency, entry.total]).sort(),
    ).toEqual([
      [broken, 'NGN', 1000],
      [broken, 'USD', -1000],
    ]);
    await expect(assertLedgerBalanced(db)).rejects.toThrow(
      `transaction ${broken} is off by 1000 (NGN minor units)`,
    );
  });

  it('post() refuses a posting that does not sum to zero per currency, and its unit of work writes nothing', async () => {
    const db = t.app.services.database.db;
    const before = await createLedgerRepository(db).counts();
    const refusals: LedgerLine[][] = [
      [
        { account: cash, amount: 1000, currency: 'NGN' },
        { account: revenue, amount: -999, currency: 'NGN' },
      ],
      [
        { account: cash, amount: 1000, currency: 'NGN' },
        { account: revenue, amount: -1000, currency: 'USD' },
      ],
      [],
      [
        { account: cash, amount: 0.5, currency: 'NGN' },
        { account: revenue, amount: -0.5, currency: 'NGN' },
      ],
    ];
    for (const lines of refusals) {
      const marker = `refused ${uuidv7()}`;
      await expect(
        db.transaction(async (tx) => {
          const ledger = createLedgerRepository(tx);
          // A balanced posting first: the refused one must take it down with it.
          await ledger.post({
            kind: 'charge',
            description: marker,
            now: new Date(),
            lines: [
              { account: cash, amount: 5, currency: 'NGN' },
              { account: revenue, amount: -5, currency: 'NGN' },
            ],
          });
          await ledger.post({ kind: 'refund', description: marker, now: new Date(), lines });
        }),
      ).rejects.toThrow(UnbalancedPostingError);
      expect(
        await db.select().from(ledgerTransactions).where(eq(ledgerTransactions.description, marker)),
      ).toEqual([]);
    }
    expect(await createLedgerRepository(db).counts()).toEqual(before);
  });

  it('the database refuses unbalanced entries written around post(), at commit', async () => {
    const db = t.app.services.database.db;
    await db
      .insert(ledgerAccounts)
      .values([cash, revenue].map((account) => ({ ...account, createdAt: new Date() })))
      .onConflictDoNothing();
    const before = await createLedgerRepository(db).counts();
    expect(
      await refusal(
        rawPosting(db, [
          { account: cash.id, amount: 700, currency: 'NGN' },
          { account: revenue.id, amount: -600, currency: 'NGN' },
        ]),
      ),
    ).toMatch(/is off by 100 \(NGN minor units\)/);
    expect(
      await refusal(
        rawPosting(db, [
          { account: cash.id, amount: 700, currency: 'NGN' },
          { account: revenue.id, amount: -700, currency: 'USD' },
        ]),
      ),
    ).toMatch(/is off by (700|-700) \((NGN|USD) minor units\)/);
    expect(await refusal(rawPosting(db, []))).toMatch(/has no entries/);
    // Changing a committed entry afterwards is refused the same way.
    const good = await rawPosting(db, [
      { account: cash.id, amount: 700, currency: 'NGN' },
      { account: revenue.id, amount: -700, currency: 'NGN' },
    ]);
    expect(
      await refusal(
        db.execute(
          sql`update ledger_entries set amount = amount + 1 where transaction_id = ${good} and amount > 0`,
        ),
      ),
    ).toMatch(/is off by 1 \(NGN minor units\)/);
    expect(
      await refusal(
        db.execute(sql`delete from ledger_entries where transaction_id = ${good} and amount > 0`),
      ),
    ).toMatch(/is off by -700 \(NGN minor units\)/);
    const after = await createLedgerRepository(db).counts();
    expect(after).toEqual({ transactions: before.transactions + 1, entries: before.entries + 2 });
  });

  it('names a creator whose available balance is below zero, and only them', async () => {
    const db = t.app.services.database.db;
    const creatorUserId = uuidv7();
    const earnings = `creator:${creatorUserId}:earnings`;
    const payouts = `creator:${creatorUserId}:payouts`;
    await db
      .insert(ledgerAccounts)
      .values(
        [
          { id: earnings, kind: 'liability' as const, description: 'earnings' },
          { id: payouts, kind: 'liability' as const, description: 'payouts' },
        ].map((account) => ({ ...account, createdAt: new Date() })),
      )
      .onConflictDoNothing();
    const owed = (report: Awaited<ReturnType<typeof checkLedger>>) =>
      report.negativeAvailable.filter((row) => row.creatorUserId === creatorUserId);
    // Owed 1,000 (the earnings account is credited), then 600 set aside for a payout: 400 available.
    await rawPosting(db, [
      { account: cash.id, amount: 1000, currency: 'USD' },
      { account: earnings, amount: -1000, currency: 'USD' },
    ]);
    await rawPosting(db, [
      { account: earnings, amount: 600, currency: 'USD' },
      { account: payouts, amount: -600, currency: 'USD' },
    ]);
    expect(owed(await checkLedger(db))).toEqual([]);
    // A payout of more than was owed, written around the payout services: 500 below zero.
    await rawPosting(db, [
      { account: earnings, amount: 900, currency: 'USD' },
      { account: payouts, amount: -900, currency: 'USD' },
    ]);
    expect(owed(await checkLedger(db))).toEqual([{ creatorUserId, currency: 'USD', available: -500 }]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.ts';
import { assertLedgerBalanced, checkLedger, createLedgerRepository } from './ledger.repository.ts';

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

    const broken = await ledger.post({
      kind: 'charge',
      paymentId: null,
      description: 'off by one per currency',
      now,
      lines: [
        { account: cash, amount: 1000, currency: 'NGN' },
        { account: revenue, amount: -1000, currency: 'USD' },
      ],
    });
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
});

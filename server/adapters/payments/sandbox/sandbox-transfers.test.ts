import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestClock, MINUTE, type TestClock } from '../../../test/clock.ts';
import type { ProviderEvent } from '../provider.ts';
import {
  AccountNotResolvedError,
  type AccountType,
  TransferAlreadyInitiatedError,
  TransferRefusedError,
} from '../transfers.ts';
import { createWebhookDeliverer, type WebhookDeliverer } from '../webhook-delivery.ts';
import { parseSandboxWebhook, SANDBOX_WEBHOOK_PATH, sandboxWebhookSecret } from './sandbox-provider.ts';
import {
  createSandboxTransfers,
  SANDBOX_OPENING_BALANCE,
  SANDBOX_TRANSFER_OTP,
  type SandboxTransfers,
  sandboxTestAccounts,
} from './sandbox-transfers.ts';

const APP_SECRET = 'sandbox-transfers-test-secret-0123456789';
const reference = () => `po_${randomBytes(8).toString('hex')}`;

describe('the sandbox’s transfers', () => {
  let clock: TestClock;
  let deliverer: WebhookDeliverer;
  let sandbox: SandboxTransfers;
  /** What reached the sandbox's webhook entry, read by the same check its card payments use. */
  let events: ProviderEvent[];
  let warnings: object[];

  beforeEach(() => {
    clock = createTestClock(new Date('2026-03-01T10:00:00Z'));
    events = [];
    warnings = [];
    const secret = sandboxWebhookSecret(APP_SECRET);
    deliverer = createWebhookDeliverer({
      async send(delivery) {
        expect(delivery.path).toBe(SANDBOX_WEBHOOK_PATH);
        events.push(parseSandboxWebhook(secret, Buffer.from(delivery.rawBody), delivery.headers));
        return 200;
      },
      log: { warn: (details) => warnings.push(details) },
    });
    sandbox = createSandboxTransfers({ clock, appSecret: APP_SECRET, deliverer, settleAfterMs: 5 });
  });
  afterEach(async () => {
    sandbox.close();
    await deliverer.close();
    expect(warnings).toEqual([]);
  });

  /** Waits for every outcome and its webhook: signals, not time. */
  async function settled() {
    await sandbox.idle();
    await deliverer.idle();
  }

  async function recipientFor(
    accountNumber: string,
    bankCode = '058',
    type: AccountType = 'nuban',
    currency = 'NGN',
  ) {
    const { recipientCode } = await sandbox.createRecipient({
      type,
      name: 'Ada Obi',
      accountNumber,
      bankCode,
      currency,
    });
    return recipientCode;
  }

  async function send(accountNumber: string, amount = 250_000) {
    const ref = reference();
    const recipientCode = await recipientFor(accountNumber);
    const transfer = await sandbox.initiateTransfer({
      reference: ref,
      amount: { amount, currency: 'NGN' },
      recipientCode,
      reason: 'Fanplace payout',
    });
    return { ref, recipientCode, transfer };
  }

  it('lists a few banks for each country, and mobile money for Ghana and Kenya', async () => {
    for (const [country, currency] of [
      ['NG', 'NGN'],
      ['GH', 'GHS'],
      ['KE', 'KES'],
      ['ZA', 'ZAR'],
    ] as const) {
      const banks = await sandbox.listBanks({ country, currency });
      expect(banks.length).toBeGreaterThan(1);
      expect(banks.every((bank) => bank.country === country && bank.currency === currency)).toBe(true);
    }
    const ghana = await sandbox.listBanks({ country: 'GH', currency: 'GHS', type: 'mobile_money' });
    expect(ghana.map((bank) => bank.code)).toEqual(['MTN', 'VOD', 'ATL']);
    const kenya = await sandbox.listBanks({ country: 'KE', currency: 'KES', type: 'mobile_money' });
    expect(kenya.map((bank) => bank.name)).toEqual(['M-PESA']);
    await expect(
      sandbox.listBanks({ country: 'NG', currency: 'NGN', type: 'mobile_money' }),
    ).resolves.toEqual([]);
  });

  it('resolves any account to a name, except the test account the bank does not know', async () => {
    await expect(sandbox.resolveAccount({ accountNumber: '0123456789', bankCode: '058' })).resolves.toEqual({
      accountNumber: '0123456789',
      accountName: 'SANDBOX ACCOUNT 6789',
    });
    const refusal = await sandbox
      .resolveAccount({ accountNumber: sandboxTestAccounts.unknown, bankCode: '058' })
      .catch((e) => e);
    expect(refusal).toBeInstanceOf(AccountNotResolvedError);
    expect((refusal as AccountNotResolvedError).providerMessage).toBe(
      'Could not resolve account name. Check parameters or try again.',
    );
    await expect(recipientFor(sandboxTestAccounts.unknown)).rejects.toBeInstanceOf(TransferRefusedError);
  });

  it('pays after a short while: a signed transfer.success through the sandbox webhook entry, and verify agrees', async () => {
    const { ref, recipientCode, transfer } = await send('0123456789', 250_000);
    expect(transfer).toMatchObject({ reference: ref, status: 'pending', fee: 0 });
    await expect(sandbox.verifyTransfer(ref)).resolves.toMatchObject({ status: 'pending' });

    await settled();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      key: `transfer.success:${ref}`,
      type: 'transfer.success',
      reference: ref,
      transfer: { status: 'success', amount: 250_000, currency: 'NGN', recipientCode },
    });
    await expect(sandbox.verifyTransfer(ref)).resolves.toMatchObject({
      status: 'success',
      transferCode: transfer.transferCode,
      recipientCode,
      createdAt: clock.now(),
      transferredAt: clock.now(),
    });
    await expect(sandbox.balance()).resolves.toContainEqual({
      currency: 'NGN',
      amount: SANDBOX_OPENING_BALANCE - 250_000,
    });
  });

  it(`${sandboxTestAccounts.fails} fails, and the money returns to the balance`, async () => {
    const { ref } = await send(sandboxTestAccounts.fails);
    await settled();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'transfer.failed',
      transfer: { status: 'failed', failureReason: 'Account closed' },
    });
    await expect(sandbox.verifyTransfer(ref)).resolves.toMatchObject({ status: 'failed' });
    await expect(sandbox.balance()).resolves.toContainEqual({
      currency: 'NGN',
      amount: SANDBOX_OPENING_BALANCE,
    });
  });

  it(`${sandboxTestAccounts.reverses} succeeds, then is reversed: two events with their own keys`, async () => {
    const { ref } = await send(sandboxTestAccounts.reverses);
    await settled();
    expect(events.map((event) => event.key)).toEqual([`transfer.success:${ref}`, `transfer.reversed:${ref}`]);
    expect(events[1]).toMatchObject({ transfer: { status: 'reversed' } });
    await expect(sandbox.balance()).resolves.toContainEqual({
      currency: 'NGN',
      amount: SANDBOX_OPENING_BALANCE,
    });
    const ledger = await sandbox.balanceLedger();
    expect(ledger.items.map((entry) => entry.change)).toEqual([250_000, -250_000]);
  });

  it(`${sandboxTestAccounts.needsOtp} waits for the OTP ${SANDBOX_TRANSFER_OTP}`, async () => {
    const { ref, transfer } = await send(sandboxTestAccounts.needsOtp);
    expect(transfer.status).toBe('otp');
    await settled();
    expect(events).toEqual([]);
    await expect(
      sandbox.finalizeTransfer({ transferCode: transfer.transferCode, otp: '000000' }),
    ).rejects.toBeInstanceOf(TransferRefusedError);
    await expect(
      sandbox.finalizeTransfer({ transferCode: transfer.transferCode, otp: SANDBOX_TRANSFER_OTP }),
    ).resolves.toMatchObject({ reference: ref, status: 'pending' });
    await settled();
    expect(events.map((event) => event.type)).toEqual(['transfer.success']);
  });

  it(`${sandboxTestAccounts.silent} succeeds without a webhook: only verify tells`, async () => {
    const { ref } = await send(sandboxTestAccounts.silent);
    await settled();
    expect(events).toEqual([]);
    await expect(sandbox.verifyTransfer(ref)).resolves.toMatchObject({ status: 'success' });
  });

  it('refuses a reference twice, and what a provider would refuse', async () => {
    const { ref, recipientCode } = await send('0123456789', 1_000);
    const again = { reference: ref, amount: { amount: 1_000, currency: 'NGN' }, recipientCode, reason: 'x' };
    await expect(sandbox.initiateTransfer(again)).rejects.toBeInstanceOf(TransferAlreadyInitiatedError);
    const tooMuch = {
      ...again,
      reference: reference(),
      amount: { amount: SANDBOX_OPENING_BALANCE, currency: 'NGN' },
    };
    const refusal = await sandbox.initiateTransfer(tooMuch).catch((e) => e);
    expect((refusal as TransferRefusedError).providerMessage).toBe(
      'Your balance is not enough to fulfill this request',
    );
    await expect(sandbox.verifyTransfer(tooMuch.reference)).resolves.toBeNull();
  });

  it('pays a mobile-money wallet in its own currency', async () => {
    const recipientCode = await recipientFor('0551234987', 'MTN', 'mobile_money', 'GHS');
    const ref = reference();
    await sandbox.initiateTransfer({
      reference: ref,
      amount: { amount: 5_000, currency: 'GHS' },
      recipientCode,
      reason: 'x',
    });
    await settled();
    expect(events[0]).toMatchObject({ transfer: { status: 'success', currency: 'GHS' } });
  });

  it('lists transfers and the ledger within a period of the injected clock', async () => {
    const first = await send('0123456789', 1_000);
    clock.advance(10 * MINUTE);
    const second = await send('0123456789', 2_000);
    const recent = await sandbox.listTransfers({ from: new Date(clock.now().getTime() - MINUTE) });
    expect(recent.items.map((transfer) => transfer.reference)).toEqual([second.ref]);
    const all = await sandbox.listTransfers();
    expect(all.items.map((transfer) => transfer.reference)).toEqual([second.ref, first.ref]);
    const ledger = await sandbox.balanceLedger({ to: new Date(clock.now().getTime() - MINUTE) });
    expect(ledger.items).toMatchObject([{ change: -1_000, source: 'Transfer', reason: 'Fanplace payout' }]);
  });

  it('close drops the outcomes still to come', async () => {
    const { ref } = await send('0123456789');
    sandbox.close();
    await settled();
    expect(events).toEqual([]);
    await expect(sandbox.verifyTransfer(ref)).resolves.toMatchObject({ status: 'pending' });
  });
});

import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakePaystack, startFakePaystack } from '../../test/fake-paystack.ts';
import { FAKE_TRANSFER_FEE } from '../../test/fake-paystack-transfers.ts';
import { createPaystackProvider } from './paystack-provider.ts';
import { createPaystackTransfers } from './paystack-transfers.ts';
import { PaymentProviderError, type ProviderEvent, WebhookSignatureError } from './provider.ts';
import { signBody } from './signature.ts';
import {
  AccountNotResolvedError,
  TransferAlreadyInitiatedError,
  type TransferProvider,
  TransferRefusedError,
  TransferUnreachableError,
} from './transfers.ts';

const ACCOUNT = { bankCode: '044', accountNumber: '0123456789', accountName: 'ADA OBI' };
const reference = () => `po_${randomBytes(8).toString('hex')}`;
const naira = (amount: number) => ({ amount, currency: 'NGN' });

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('Paystack transfers against the fake Paystack', () => {
  let fake: FakePaystack;
  let transfers: TransferProvider;
  /** Every webhook the fake sent, read by the card provider's own parseWebhook (the one webhook entry). */
  let events: ProviderEvent[];
  let recipientCode: string;

  beforeAll(async () => {
    fake = await startFakePaystack();
    transfers = createPaystackTransfers({ secretKey: fake.secretKey, baseUrl: fake.url, timeoutMs: 1000 });
    const cards = createPaystackProvider({ secretKey: fake.secretKey, baseUrl: fake.url });
    fake.onWebhook(async (webhook) => {
      events.push(cards.parseWebhook(Buffer.from(webhook.rawBody), webhook.headers));
    });
    fake.transfers.addAccount(ACCOUNT);
    ({ recipientCode } = await transfers.createRecipient({
      type: 'nuban',
      name: ACCOUNT.accountName,
      accountNumber: ACCOUNT.accountNumber,
      bankCode: ACCOUNT.bankCode,
      currency: 'NGN',
    }));
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    events = [];
    fake.transfers.requireOtp(false);
  });

  async function initiated(amount = 500_000) {
    const ref = reference();
    const transfer = await transfers.initiateTransfer({
      reference: ref,
      amount: naira(amount),
      recipientCode,
      reason: 'Fanplace payout',
    });
    return { ref, transfer };
  }

  it('lists a country’s banks in our words, following the cursor and leaving out closed banks', async () => {
    fake.transfers.bankPageSize(2);
    const banks = await transfers.listBanks({ country: 'NG', currency: 'NGN' });
    fake.transfers.bankPageSize(Number.POSITIVE_INFINITY);
    expect(banks.map((bank) => bank.code).sort()).toEqual(['011', '044', '057', '058']);
    expect(banks[0]).toEqual({
      name: 'Access Bank',
      code: '044',
      type: 'nuban',
      currency: 'NGN',
      country: 'NG',
    });
    expect(fake.calls.filter((call) => call === 'GET /bank').length).toBeGreaterThan(1);

    const wallets = await transfers.listBanks({ country: 'GH', currency: 'GHS', type: 'mobile_money' });
    expect(wallets.map((bank) => bank.code).sort()).toEqual(['ATL', 'MTN', 'VOD']);
  });

  it('resolves an account to its holder, and refuses an unknown one with Paystack’s own message', async () => {
    await expect(
      transfers.resolveAccount({ accountNumber: ACCOUNT.accountNumber, bankCode: '044' }),
    ).resolves.toEqual({ accountNumber: ACCOUNT.accountNumber, accountName: 'ADA OBI' });

    const refusal = await transfers
      .resolveAccount({ accountNumber: '0999999999', bankCode: '044' })
      .catch((e) => e);
    expect(refusal).toBeInstanceOf(AccountNotResolvedError);
    expect(refusal).toBeInstanceOf(TransferRefusedError);
    expect((refusal as AccountNotResolvedError).providerMessage).toBe(
      'Could not resolve account name. Check parameters or try again.',
    );
  });

  it('makes a recipient once per account, with the bank’s name and the last four digits', async () => {
    const again = await transfers.createRecipient({
      type: 'nuban',
      name: ACCOUNT.accountName,
      accountNumber: ACCOUNT.accountNumber,
      bankCode: ACCOUNT.bankCode,
      currency: 'NGN',
    });
    expect(again).toEqual({ recipientCode, bankName: 'Access Bank', last4: '6789', accountName: 'ADA OBI' });
  });

  it('sends our reference; the signed transfer.success webhook and verify both tell the outcome', async () => {
    const before = fake.transfers.balanceOf('NGN');
    const { ref, transfer } = await initiated(500_000);
    expect(transfer).toMatchObject({ reference: ref, status: 'pending' });
    expect(transfer.transferCode).toMatch(/^TRF_/);
    expect(fake.transfers.balanceOf('NGN')).toBe(before - 500_000 - FAKE_TRANSFER_FEE);

    fake.transfers.succeed(ref);
    await fake.idle();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      key: `transfer.success:${ref}`,
      type: 'transfer.success',
      name: 'transfer.success',
      reference: ref,
      transfer: { status: 'success', amount: 500_000, currency: 'NGN', recipientCode, failureReason: null },
    });

    await expect(transfers.verifyTransfer(ref)).resolves.toMatchObject({
      reference: ref,
      transferCode: transfer.transferCode,
      status: 'success',
      amount: 500_000,
      currency: 'NGN',
      recipientCode,
      fee: FAKE_TRANSFER_FEE,
      providerStatus: 'success',
    });
  });

  it('answers a reused reference with "already initiated" and pays nothing twice', async () => {
    const { ref } = await initiated(10_000);
    const balance = fake.transfers.balanceOf('NGN');
    const again = transfers.initiateTransfer({
      reference: ref,
      amount: naira(10_000),
      recipientCode,
      reason: 'x',
    });
    await expect(again).rejects.toBeInstanceOf(TransferAlreadyInitiatedError);
    expect(fake.transfers.balanceOf('NGN')).toBe(balance);
  });

  it('finalizes a transfer that answered otp, refusing a wrong OTP in Paystack’s words', async () => {
    fake.transfers.requireOtp(true);
    const { ref, transfer } = await initiated(20_000);
    expect(transfer.status).toBe('otp');
    const wrong = await transfers
      .finalizeTransfer({ transferCode: transfer.transferCode, otp: '000000' })
      .catch((e) => e);
    expect(wrong).toBeInstanceOf(TransferRefusedError);
    expect((wrong as TransferRefusedError).providerMessage).toBe('Invalid OTP');
    await expect(
      transfers.finalizeTransfer({ transferCode: transfer.transferCode, otp: fake.transfers.otp }),
    ).resolves.toMatchObject({ reference: ref, status: 'pending' });
  });

  it('reads a failure and a reversal as their own events, with the provider’s reason', async () => {
    const before = fake.transfers.balanceOf('NGN');
    const failed = await initiated(30_000);
    fake.transfers.fail(failed.ref, { reason: 'Account closed' });
    const reversed = await initiated(40_000);
    fake.transfers.succeed(reversed.ref);
    fake.transfers.reverse(reversed.ref);
    await fake.idle();

    expect(events.map((event) => event.key)).toEqual([
      `transfer.failed:${failed.ref}`,
      `transfer.success:${reversed.ref}`,
      `transfer.reversed:${reversed.ref}`,
    ]);
    expect(events[0]).toMatchObject({ transfer: { status: 'failed', failureReason: 'Account closed' } });
    expect(events[2]).toMatchObject({ type: 'transfer.reversed', transfer: { status: 'reversed' } });
    expect(fake.transfers.balanceOf('NGN')).toBe(before);
    await expect(transfers.verifyTransfer(reversed.ref)).resolves.toMatchObject({ status: 'reversed' });
  });

  it('a lost webhook: only verify tells that the transfer succeeded', async () => {
    const { ref } = await initiated(5_000);
    await expect(transfers.verifyTransfer(ref)).resolves.toMatchObject({ status: 'pending' });
    fake.transfers.succeed(ref, { webhook: false });
    await fake.idle();
    expect(events).toEqual([]);
    await expect(transfers.verifyTransfer(ref)).resolves.toMatchObject({ status: 'success' });
  });

  it('a timeout is "unreachable", not a refusal: verify finds the transfer and a retry is "already initiated"', async () => {
    const slow = createPaystackTransfers({ secretKey: fake.secretKey, baseUrl: fake.url, timeoutMs: 200 });
    const ref = reference();
    const input = { reference: ref, amount: naira(7_000), recipientCode, reason: 'Fanplace payout' };
    fake.stallNext('POST /transfer');
    const timedOut = await slow.initiateTransfer(input).catch((e) => e);
    expect(timedOut).toBeInstanceOf(TransferUnreachableError);
    expect(timedOut).not.toBeInstanceOf(PaymentProviderError);

    await expect(slow.verifyTransfer(ref)).resolves.toMatchObject({ reference: ref, status: 'pending' });
    await expect(slow.initiateTransfer(input)).rejects.toBeInstanceOf(TransferAlreadyInitiatedError);
  });

  it('a gateway error after Paystack took the transfer is "unreachable" too, never a refusal', async () => {
    const input = { reference: reference(), amount: naira(6_000), recipientCode, reason: 'Fanplace payout' };
    fake.breakNext('POST /transfer', 502);
    await expect(transfers.initiateTransfer(input)).rejects.toBeInstanceOf(TransferUnreachableError);
    await expect(transfers.verifyTransfer(input.reference)).resolves.toMatchObject({ status: 'pending' });
  });

  it('a network failure is "unreachable" too', async () => {
    const away = createPaystackTransfers({
      secretKey: fake.secretKey,
      baseUrl: `http://127.0.0.1:${await closedPort()}`,
    });
    const input = { reference: reference(), amount: naira(1_000), recipientCode, reason: 'x' };
    await expect(away.initiateTransfer(input)).rejects.toBeInstanceOf(TransferUnreachableError);
  });

  it('refuses what Paystack refuses; a bad key is no message for the user', async () => {
    const unknownRecipient = {
      reference: reference(),
      amount: naira(1_000),
      recipientCode: 'RCP_none',
      reason: 'x',
    };
    const refusal = await transfers.initiateTransfer(unknownRecipient).catch((e) => e);
    expect(refusal).toBeInstanceOf(TransferRefusedError);
    expect((refusal as TransferRefusedError).providerMessage).toBe('Recipient specified is invalid');

    const wrongKey = createPaystackTransfers({ secretKey: 'sk_test_wrong', baseUrl: fake.url });
    const denied = await wrongKey.balance().catch((e) => e);
    expect(denied).toBeInstanceOf(PaymentProviderError);
    expect(denied).not.toBeInstanceOf(TransferRefusedError);
  });

  it('checks our reference before sending it', async () => {
    const sent = fake.calls.length;
    const input = { reference: 'Payout 1', amount: naira(1_000), recipientCode, reason: 'x' };
    await expect(transfers.initiateTransfer(input)).rejects.toBeInstanceOf(PaymentProviderError);
    expect(fake.calls.length).toBe(sent);
  });

  it('verify of a reference Paystack never saw is null', async () => {
    await expect(transfers.verifyTransfer(reference())).resolves.toBeNull();
  });

  it('lists transfers, the balance and its ledger for reconciliation, within a period', async () => {
    const { ref } = await initiated(12_345);
    const page = await transfers.listTransfers({ from: new Date(Date.now() - 60_000), page: 1 });
    expect(page.page).toBe(1);
    expect(page.items[0]).toMatchObject({ reference: ref, amount: 12_345, recipientCode });
    await expect(transfers.listTransfers({ from: new Date(Date.now() + 60_000) })).resolves.toMatchObject({
      items: [],
    });

    const balances = await transfers.balance();
    expect(balances).toContainEqual({ currency: 'NGN', amount: fake.transfers.balanceOf('NGN') });

    const ledger = await transfers.balanceLedger({ from: new Date(Date.now() - 60_000) });
    expect(ledger.items[0]).toMatchObject({
      currency: 'NGN',
      change: -(12_345 + FAKE_TRANSFER_FEE),
      balance: fake.transfers.balanceOf('NGN'),
      source: 'Transfer',
      reason: 'Fanplace payout',
    });
    expect(ledger.items[0]?.at).toBeInstanceOf(Date);
  });

  it('reads the approval request Paystack sends before a transfer; a 400 rejects the transfer', async () => {
    const expected = new Map<string, number>();
    const asked: unknown[] = [];
    fake.transfers.onApproval(async (request) => {
      const approval = transfers.parseTransferApproval(Buffer.from(request.rawBody));
      asked.push(approval);
      return approval && expected.get(approval.reference) === approval.amount ? 200 : 400;
    });
    try {
      const approvedRef = reference();
      expected.set(approvedRef, 8_000);
      await transfers.initiateTransfer({
        reference: approvedRef,
        amount: naira(8_000),
        recipientCode,
        reason: 'ok',
      });
      const tamperedRef = reference();
      expected.set(tamperedRef, 1_000);
      await transfers.initiateTransfer({
        reference: tamperedRef,
        amount: naira(9_000),
        recipientCode,
        reason: 'no',
      });
      await fake.idle();

      expect(asked).toContainEqual({
        reference: approvedRef,
        transferCode: expect.stringMatching(/^TRF_/),
        amount: 8_000,
        currency: 'NGN',
        recipientCode,
      });
      await expect(transfers.verifyTransfer(approvedRef)).resolves.toMatchObject({ status: 'pending' });
      await expect(transfers.verifyTransfer(tamperedRef)).resolves.toMatchObject({
        status: 'failed',
        providerStatus: 'rejected',
      });
    } finally {
      fake.transfers.onApproval(null);
    }
  });

  it('an approval request we cannot read is null (and so rejected)', () => {
    expect(transfers.parseTransferApproval(Buffer.from('not json'))).toBeNull();
    expect(transfers.parseTransferApproval(Buffer.from(JSON.stringify({ transfers: [] })))).toBeNull();
  });

  it('a transfer webhook with a wrong signature is refused; one it cannot read stays an "other" event', async () => {
    const { ref } = await initiated(3_000);
    fake.transfers.succeed(ref, { webhook: false });
    const cards = createPaystackProvider({ secretKey: fake.secretKey, baseUrl: fake.url });
    const webhook = fake.transfers.webhookFor(ref, 'transfer.success');
    const tampered = Buffer.from(webhook.rawBody.replace('"amount":3000', '"amount":3'));
    expect(() => cards.parseWebhook(tampered, webhook.headers)).toThrow(WebhookSignatureError);

    const odd = JSON.stringify({ event: 'transfer.success', data: { reference: ref } });
    expect(
      cards.parseWebhook(Buffer.from(odd), { 'x-paystack-signature': signBody(fake.secretKey, odd) }),
    ).toMatchObject({
      type: 'other',
      name: 'transfer.success',
      reference: ref,
    });
  });
});

import { randomBytes, randomInt } from 'node:crypto';
import type { Clock } from '../../../lib/clock.ts';
import {
  paystackTransferSchema,
  toProviderTransfer,
  toTransferApproval,
} from '../paystack-transfer-format.ts';
import type { TransferEventName } from '../provider.ts';
import {
  AccountNotResolvedError,
  type AccountType,
  assertTransferReference,
  type BalanceLedgerEntry,
  type Bank,
  type PeriodQuery,
  type ProviderPage,
  type ProviderTransfer,
  TransferAlreadyInitiatedError,
  type TransferProvider,
  TransferRefusedError,
} from '../transfers.ts';
import type { WebhookDeliverer } from '../webhook-delivery.ts';
import { sandboxBanks } from './sandbox-banks.ts';
import { sandboxDelivery, sandboxWebhookSecret } from './sandbox-provider.ts';

/**
 * Account numbers that behave on purpose, at any sandbox bank or wallet; every other number
 * resolves to `SANDBOX ACCOUNT <last 4>` and is paid.
 */
export const sandboxTestAccounts = {
  /** The transfer fails ("Account closed") and the money returns to the balance. */
  fails: '0000000001',
  /** The transfer succeeds, then the bank sends it back (`transfer.reversed`). */
  reverses: '0000000002',
  /** The bank does not know it: resolving it, or making it a recipient, is refused. */
  unknown: '0000000003',
  /** The transfer waits for an OTP; finalize it with `SANDBOX_TRANSFER_OTP`. */
  needsOtp: '0000000004',
  /** The transfer succeeds but its webhook is never sent: only verify tells. */
  silent: '0000000005',
} as const;

export const SANDBOX_TRANSFER_OTP = '123456';

/**
 * A recipient code names how its account behaves (a letter after `RCP_`), so a recipient made
 * before a restart, or by another process (the web process makes it, the worker pays it), still
 * behaves as its test account: the sandbox keeps its recipients in memory only.
 */
const behaviourLetters: Record<string, string> = {
  [sandboxTestAccounts.fails]: 'f',
  [sandboxTestAccounts.reverses]: 'r',
  [sandboxTestAccounts.needsOtp]: 'o',
  [sandboxTestAccounts.silent]: 's',
};
const accountOfLetter = (letter: string) =>
  Object.entries(behaviourLetters).find(([, value]) => value === letter)?.[0] ?? '0000009999';

/** What each currency's balance starts at (minor units): enough for any test. */
export const SANDBOX_OPENING_BALANCE = 1_000_000_000;

const PAGE_SIZE = 50;

export interface SandboxTransfersDependencies {
  clock: Clock;
  appSecret: string;
  deliverer: WebhookDeliverer;
  /** How long a transfer stays pending before its outcome, and a success before its reversal. */
  settleAfterMs?: number;
}

export interface SandboxTransfers extends TransferProvider {
  readonly name: 'sandbox';
  /** Resolves when no transfer waits for its outcome (tests, shutdown). */
  idle(): Promise<void>;
  /** Drops the outcomes still to come. */
  close(): void;
}

interface Recipient {
  id: number;
  code: string;
  type: AccountType;
  name: string;
  accountNumber: string;
  bank: Bank;
  currency: string;
}

interface Transfer {
  id: number;
  reference: string;
  code: string;
  amount: number;
  currency: string;
  reason: string;
  recipient: Recipient;
  status: 'otp' | 'pending' | 'success' | 'failed' | 'reversed';
  failure: string | null;
  createdAt: Date;
  transferredAt: Date | null;
}

const refused = (message: string, status = 400) => new TransferRefusedError(message, status);
const UNKNOWN_ACCOUNT = 'Could not resolve account name. Check parameters or try again.';

/**
 * The built-in sandbox's payouts (docs/decisions/0035-payout-transfers.md): Paystack's rules and
 * answer shapes, its books in memory, outcomes after `settleAfterMs` delivered as signed
 * `transfer.*` webhooks through the same entry as the sandbox's card payments.
 */
export function createSandboxTransfers(deps: SandboxTransfersDependencies): SandboxTransfers {
  const { clock } = deps;
  const secret = sandboxWebhookSecret(deps.appSecret);
  const delay = deps.settleAfterMs ?? 2000;
  const recipients = new Map<string, Recipient>();
  const transfers = new Map<string, Transfer>();
  const balances = new Map<string, number>();
  const ledger: BalanceLedgerEntry[] = [];
  const timers = new Map<NodeJS.Timeout, () => void>();
  const running = new Set<Promise<void>>();

  const findBank = (code: string) => sandboxBanks.find((bank) => bank.code === code);
  const balanceOf = (currency: string) => balances.get(currency) ?? SANDBOX_OPENING_BALANCE;

  function move(tx: Transfer, change: number, reason: string): void {
    const balance = balanceOf(tx.currency) + change;
    balances.set(tx.currency, balance);
    ledger.push({
      id: String(ledger.length + 1),
      at: clock.now(),
      currency: tx.currency,
      change,
      balance,
      source: 'Transfer',
      sourceId: String(tx.id),
      reason,
    });
  }

  function toPaystackShape(tx: Transfer) {
    const { recipient } = tx;
    return {
      id: tx.id,
      domain: 'test',
      reference: tx.reference,
      transfer_code: tx.code,
      status: tx.status,
      amount: tx.amount,
      currency: tx.currency,
      reason: tx.reason,
      source: 'balance',
      fee_charged: 0,
      gateway_response: tx.failure,
      failures: null,
      transferred_at: tx.transferredAt?.toISOString() ?? null,
      createdAt: tx.createdAt.toISOString(),
      recipient: {
        id: recipient.id,
        recipient_code: recipient.code,
        name: recipient.name,
        type: recipient.type,
        currency: recipient.currency,
        details: {
          account_number: recipient.accountNumber,
          account_name: recipient.name,
          bank_code: recipient.bank.code,
          bank_name: recipient.bank.name,
        },
      },
    };
  }

  const read = (tx: Transfer): ProviderTransfer =>
    toProviderTransfer(paystackTransferSchema.parse(toPaystackShape(tx)));

  function notify(event: TransferEventName, tx: Transfer): void {
    if (tx.recipient.accountNumber === sandboxTestAccounts.silent) return;
    deps.deliverer.deliver(sandboxDelivery(secret, JSON.stringify({ event, data: toPaystackShape(tx) })));
  }

  function later(step: () => void): void {
    let end = () => {};
    const done = new Promise<void>((resolve) => {
      end = () => {
        running.delete(done);
        timers.delete(timer);
        resolve();
      };
    });
    running.add(done);
    const timer = setTimeout(() => {
      try {
        step();
      } finally {
        end();
      }
    }, delay);
    timer.unref();
    timers.set(timer, end);
  }

  function send(tx: Transfer): void {
    const balance = balanceOf(tx.currency);
    if (balance < tx.amount) throw refused('Your balance is not enough to fulfill this request');
    tx.status = 'pending';
    move(tx, -tx.amount, tx.reason);
    later(() => settle(tx));
  }

  function settle(tx: Transfer): void {
    if (tx.recipient.accountNumber === sandboxTestAccounts.fails) {
      Object.assign(tx, { status: 'failed', failure: 'Account closed' });
      move(tx, tx.amount, `Failed transfer ${tx.reference}`);
      notify('transfer.failed', tx);
      return;
    }
    Object.assign(tx, { status: 'success', transferredAt: clock.now() });
    notify('transfer.success', tx);
    if (tx.recipient.accountNumber === sandboxTestAccounts.reverses) {
      later(() => {
        Object.assign(tx, { status: 'reversed', failure: 'Transfer reversed by the receiving bank' });
        move(tx, tx.amount, `Reversed transfer ${tx.reference}`);
        notify('transfer.reversed', tx);
      });
    }
  }

  /** A recipient this process did not make (see `behaviourLetters`), rebuilt from its code. */
  function remembered(code: string, currency: string): Recipient | null {
    const match = /^RCP_([nfros])[0-9a-f]{16}$/.exec(code);
    const bank = sandboxBanks.find((candidate) => candidate.currency === currency);
    if (!match?.[1] || !bank) return null;
    const accountNumber = accountOfLetter(match[1]);
    const recipient: Recipient = {
      id: randomInt(1_000_000, 9_999_999),
      code,
      type: bank.type,
      name: `SANDBOX ACCOUNT ${accountNumber.slice(-4)}`,
      accountNumber,
      bank,
      currency,
    };
    recipients.set(code, recipient);
    return recipient;
  }

  function inPeriod<Item>(rows: Item[], at: (row: Item) => Date, query: PeriodQuery): ProviderPage<Item> {
    const from = query.from?.getTime() ?? Number.NEGATIVE_INFINITY;
    const to = query.to?.getTime() ?? Number.POSITIVE_INFINITY;
    const matching = rows.filter((row) => at(row).getTime() >= from && at(row).getTime() <= to);
    const page = query.page ?? 1;
    return {
      items: matching.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
      page,
      pageCount: Math.max(1, Math.ceil(matching.length / PAGE_SIZE)),
    };
  }

  return {
    name: 'sandbox',

    async listBanks({ country, currency, type }) {
      return sandboxBanks.filter(
        (bank) => bank.country === country && bank.currency === currency && (!type || bank.type === type),
      );
    },

    async resolveAccount({ accountNumber, bankCode }) {
      if (!findBank(bankCode)) throw new AccountNotResolvedError('Unknown bank code', 422);
      if (!/^\d{6,15}$/.test(accountNumber) || accountNumber === sandboxTestAccounts.unknown)
        throw new AccountNotResolvedError(UNKNOWN_ACCOUNT, 422);
      return { accountNumber, accountName: `SANDBOX ACCOUNT ${accountNumber.slice(-4)}` };
    },

    async createRecipient(input) {
      const bank = findBank(input.bankCode);
      if (!bank) throw refused('Unknown bank code');
      if (bank.type !== input.type || bank.currency !== input.currency) throw refused('Bank is invalid');
      if (!/^\d{6,15}$/.test(input.accountNumber) || input.accountNumber === sandboxTestAccounts.unknown)
        throw refused('Cannot resolve account');
      // Paystack answers the same recipient for the same account.
      let recipient = [...recipients.values()].find(
        (row) =>
          row.bank === bank && row.accountNumber === input.accountNumber && row.currency === input.currency,
      );
      if (!recipient) {
        recipient = {
          id: randomInt(1_000_000, 9_999_999),
          code: `RCP_${behaviourLetters[input.accountNumber] ?? 'n'}${randomBytes(8).toString('hex')}`,
          type: input.type,
          name: input.name,
          accountNumber: input.accountNumber,
          bank,
          currency: input.currency,
        };
        recipients.set(recipient.code, recipient);
      }
      return {
        recipientCode: recipient.code,
        bankName: bank.name,
        last4: recipient.accountNumber.slice(-4),
        accountName: recipient.name,
      };
    },

    async initiateTransfer(input) {
      assertTransferReference(input.reference);
      if (transfers.has(input.reference)) throw new TransferAlreadyInitiatedError(input.reference);
      const recipient =
        recipients.get(input.recipientCode) ?? remembered(input.recipientCode, input.amount.currency);
      if (!recipient) throw refused('Recipient specified is invalid');
      const { amount, currency } = input.amount;
      if (!Number.isSafeInteger(amount) || amount <= 0) throw refused('Invalid amount passed.');
      if (currency !== recipient.currency) throw refused('Currency does not match the recipient');
      const tx: Transfer = {
        id: randomInt(100_000_000, 999_999_999),
        reference: input.reference,
        code: `TRF_${randomBytes(8).toString('hex')}`,
        amount,
        currency,
        reason: input.reason,
        recipient,
        status: 'otp',
        failure: null,
        createdAt: clock.now(),
        transferredAt: null,
      };
      if (recipient.accountNumber !== sandboxTestAccounts.needsOtp) send(tx);
      transfers.set(tx.reference, tx);
      const { reference, transferCode, status, fee } = read(tx);
      return { reference, transferCode, status, fee };
    },

    async finalizeTransfer({ transferCode, otp }) {
      const tx = [...transfers.values()].find((row) => row.code === transferCode);
      if (!tx) throw refused('Transfer code is invalid');
      if (tx.status !== 'otp') throw refused('Transfer is not currently awaiting OTP');
      if (otp !== SANDBOX_TRANSFER_OTP) throw refused('Invalid OTP');
      send(tx);
      const { reference, status, fee } = read(tx);
      return { reference, transferCode, status, fee };
    },

    async verifyTransfer(reference) {
      const tx = transfers.get(reference);
      return tx ? read(tx) : null;
    },

    async listTransfers(query = {}) {
      const newestFirst = [...transfers.values()].reverse();
      const page = inPeriod(newestFirst, (tx) => tx.createdAt, query);
      return { ...page, items: page.items.map(read) };
    },

    async balance() {
      const currencies = new Set([...new Set(sandboxBanks.map((bank) => bank.currency)), ...balances.keys()]);
      return [...currencies].map((currency) => ({ currency, amount: balanceOf(currency) }));
    },

    async balanceLedger(query = {}) {
      return inPeriod([...ledger].reverse(), (entry) => entry.at, query);
    },

    parseTransferApproval: toTransferApproval,

    async idle() {
      while (running.size > 0) await Promise.all([...running]);
    },

    close() {
      for (const [timer, end] of timers) {
        clearTimeout(timer);
        end();
      }
    },
  };
}

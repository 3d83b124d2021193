import { randomBytes, randomInt } from 'node:crypto';
import { sandboxBanks } from '../adapters/payments/sandbox/sandbox-banks.ts';
import type { Bank, TransferCountry } from '../adapters/payments/transfers.ts';

/** A request or webhook the fake sends: exact bytes plus Paystack's signature header. */
export interface FakeSignedBody {
  rawBody: string;
  headers: Record<string, string>;
}

export type FakeTransferEvent = 'transfer.success' | 'transfer.failed' | 'transfer.reversed';

/** The fake's Transfers controls (`fake.transfers`). Nothing settles by itself: the test says when. */
export interface FakeTransfers {
  /** The OTP a transfer that answered `otp` is finalized with. */
  readonly otp: string;
  /** An account the bank knows: it resolves, and recipients can be made for it. */
  addAccount(account: { bankCode: string; accountNumber: string; accountName: string }): void;
  /** While on, new transfers answer `otp` (Paystack's "Transfer requires OTP to continue"). */
  requireOtp(on: boolean): void;
  /** At most this many banks per page of the bank list, whatever `perPage` asks (cursor tests). */
  bankPageSize(size: number): void;
  setBalance(currency: string, amount: number): void;
  balanceOf(currency: string): number;
  /** The transfer reaches the account; a signed `transfer.success` follows unless `webhook: false` (lost). */
  succeed(reference: string, options?: { webhook?: boolean }): void;
  /** The transfer fails and the money returns to the balance. */
  fail(reference: string, options?: { reason?: string; webhook?: boolean }): void;
  /** A successful transfer comes back from the bank. */
  reverse(reference: string, options?: { webhook?: boolean }): void;
  /** A fault on Paystack's side: the balance pays a transfer's amount out a second time. */
  debitAgain(reference: string): void;
  /** The signed webhook for the transfer as it stands, for redelivery. */
  webhookFor(reference: string, event: FakeTransferEvent): FakeSignedBody;
  /** Paystack's status word for the transfer; null when unknown. */
  status(reference: string): string | null;
  /**
   * Sets the transfer approval URL: each transfer about to be sent is first POSTed there, as
   * Paystack does; 200 approves it, anything else rejects it (status `rejected`, money returned).
   * Null: no approval URL.
   */
  onApproval(send: ((request: FakeSignedBody) => Promise<number>) | null): void;
}

interface Account {
  bankCode: string;
  accountNumber: string;
  accountName: string;
}

interface Recipient {
  id: number;
  code: string;
  type: string;
  name: string;
  currency: string;
  account: Account;
  bank: Bank;
  createdAt: string;
}

interface Transfer {
  id: number;
  reference: string;
  code: string;
  amount: number;
  fee: number;
  currency: string;
  reason: string;
  recipient: Recipient;
  status: 'otp' | 'pending' | 'success' | 'failed' | 'reversed' | 'rejected';
  failure: string | null;
  createdAt: string;
  updatedAt: string;
  transferredAt: string | null;
}

interface LedgerEntry {
  id: number;
  currency: string;
  balance: number;
  difference: number;
  reason: string;
  model_row: number;
  createdAt: string;
}

export interface FakeAnswer {
  status: number;
  body: unknown;
}

const countryNames: Record<TransferCountry, string> = {
  NG: 'Nigeria',
  GH: 'Ghana',
  KE: 'Kenya',
  ZA: 'South Africa',
};
/** What the fake charges per transfer, in minor units (Paystack reports it as `fee_charged`). */
export const FAKE_TRANSFER_FEE = 1000;
const OPENING_BALANCE = 1_000_000_000;
const PAGE_SIZE = 50;

const refuse = (message: string, extra: object = {}, status = 400): FakeAnswer => ({
  status,
  body: { status: false, message, ...extra },
});
const ok = (message: string, data: unknown, meta?: unknown): FakeAnswer => ({
  status: 200,
  body: { status: true, message, data, ...(meta ? { meta } : {}) },
});

/**
 * Paystack Transfers for the fake server (server/test/fake-paystack.ts): banks, account
 * resolution, recipients, transfers with OTP, verify, lists, balance and ledger, signed `transfer.*`
 * webhooks and the approval request, in Paystack's documented shapes.
 */
export function createFakeTransfers(deps: {
  sign(rawBody: string): string;
  /** Sends a webhook through the fake's `onWebhook` path. */
  emit(webhook: FakeSignedBody): void;
  /** Runs work the fake's `idle()` waits for. */
  background(task: () => Promise<unknown>): void;
}): FakeTransfers & {
  route(
    method: string,
    path: string,
    query: URLSearchParams,
    body: Record<string, unknown>,
  ): FakeAnswer | null;
} {
  const accounts: Account[] = [];
  const recipients = new Map<string, Recipient>();
  const transfers = new Map<string, Transfer>();
  const balances = new Map<string, number>();
  const ledger: LedgerEntry[] = [];
  let otpRequired = false;
  let maxBankPage = Number.POSITIVE_INFINITY;
  let approval: ((request: FakeSignedBody) => Promise<number>) | null = null;

  const now = () => new Date().toISOString();
  const balanceOf = (currency: string) => balances.get(currency) ?? OPENING_BALANCE;
  const signed = (body: unknown): FakeSignedBody => {
    const rawBody = JSON.stringify(body);
    return {
      rawBody,
      headers: { 'content-type': 'application/json', 'x-paystack-signature': deps.sign(rawBody) },
    };
  };

  function move(tx: Transfer, difference: number, reason: string): void {
    const balance = balanceOf(tx.currency) + difference;
    balances.set(tx.currency, balance);
    ledger.push({
      id: ledger.length + 1,
      currency: tx.currency,
      balance,
      difference,
      reason,
      model_row: tx.id,
      createdAt: now(),
    });
  }

  const bankData = (bank: Bank, index: number) => ({
    name: bank.name,
    slug: bank.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    code: bank.code,
    longcode: '',
    gateway: null,
    pay_with_bank: false,
    active: true,
    is_deleted: false,
    country: countryNames[bank.country],
    currency: bank.currency,
    type: bank.type,
    id: index + 1,
    createdAt: '2020-01-01T00:00:00.000Z',
    updatedAt: '2020-01-01T00:00:00.000Z',
  });
  // One bank Paystack lists but no longer pays to: clients must leave it out.
  const banks = [
    ...sandboxBanks.map(bankData),
    { ...bankData(sandboxBanks[0] as Bank, 99), name: 'Closed Bank', code: '999', active: false },
  ];

  const recipientData = (recipient: Recipient) => ({
    active: true,
    createdAt: recipient.createdAt,
    currency: recipient.currency,
    description: '',
    domain: 'test',
    email: null,
    id: recipient.id,
    integration: 100073,
    metadata: null,
    name: recipient.name,
    recipient_code: recipient.code,
    type: recipient.type,
    updatedAt: recipient.createdAt,
    is_deleted: false,
    isDeleted: false,
    details: {
      authorization_code: null,
      account_number: recipient.account.accountNumber,
      account_name: recipient.account.accountName,
      bank_code: recipient.bank.code,
      bank_name: recipient.bank.name,
    },
  });

  /** The transfer as verify, the lists and webhooks show it (recipient as an object). */
  const transferData = (tx: Transfer) => ({
    amount: tx.amount,
    createdAt: tx.createdAt,
    currency: tx.currency,
    domain: 'test',
    failures: null,
    id: tx.id,
    integration: 100073,
    reason: tx.reason,
    reference: tx.reference,
    source: 'balance',
    source_details: null,
    status: tx.status,
    titan_code: null,
    transfer_code: tx.code,
    request: tx.id + 1,
    transferred_at: tx.transferredAt,
    updatedAt: tx.updatedAt,
    recipient: recipientData(tx.recipient),
    session: { provider: null, id: null },
    fee_charged: tx.fee,
    fees_breakdown: null,
    gateway_response: tx.failure,
  });

  /** The transfer as initiate and finalize answer it (recipient as its id). */
  const queuedData = (tx: Transfer) => ({
    transfersessionid: [],
    transfertrials: [],
    domain: 'test',
    amount: tx.amount,
    currency: tx.currency,
    reference: tx.reference,
    source: 'balance',
    source_details: null,
    reason: tx.reason,
    status: tx.status,
    failures: null,
    transfer_code: tx.code,
    titan_code: null,
    transferred_at: tx.transferredAt,
    id: tx.id,
    integration: 100073,
    request: tx.id + 1,
    recipient: tx.recipient.id,
    createdAt: tx.createdAt,
    updatedAt: tx.updatedAt,
  });

  const webhookFor = (reference: string, event: FakeTransferEvent) => {
    const tx = known(reference);
    return signed({
      event,
      data: {
        ...transferData(tx),
        integration: { id: 100073, is_live: false, business_name: 'Fanplace test' },
      },
    });
  };

  function known(reference: string): Transfer {
    const tx = transfers.get(reference);
    if (!tx) throw new Error(`fake paystack: no transfer ${reference}`);
    return tx;
  }

  function update(tx: Transfer, changes: Partial<Transfer>): void {
    Object.assign(tx, changes, { updatedAt: now() });
  }

  /** Debits the balance and queues the transfer; asks the approval URL first when one is set. */
  function queue(tx: Transfer): FakeAnswer | null {
    if (balanceOf(tx.currency) < tx.amount + tx.fee)
      return refuse('Your balance is not enough to fulfill this request');
    update(tx, { status: 'pending' });
    move(tx, -(tx.amount + tx.fee), tx.reason);
    const ask = approval;
    if (ask) {
      deps.background(async () => {
        const answer = await ask(signed(transferData(tx)));
        if (answer !== 200 && tx.status === 'pending') {
          update(tx, { status: 'rejected', failure: 'Transfer rejected by the approval URL' });
          move(tx, tx.amount + tx.fee, `Rejected transfer ${tx.reference}`);
        }
      });
    }
    return null;
  }

  function paged<Row>(rows: Row[], query: URLSearchParams, at: (row: Row) => string) {
    const from = query.get('from');
    const to = query.get('to');
    const matching = rows.filter(
      (row) =>
        (!from || at(row) >= new Date(from).toISOString()) && (!to || at(row) <= new Date(to).toISOString()),
    );
    const perPage = Number(query.get('perPage') ?? query.get('per_page') ?? PAGE_SIZE);
    const page = Number(query.get('page') ?? 1);
    return {
      rows: matching.slice((page - 1) * perPage, page * perPage),
      meta: {
        total: matching.length,
        skipped: (page - 1) * perPage,
        perPage,
        page,
        pageCount: Math.max(1, Math.ceil(matching.length / perPage)),
      },
    };
  }

  function listBanks(query: URLSearchParams): FakeAnswer {
    const country = query.get('country');
    const currency = query.get('currency');
    const type = query.get('type');
    const matching = banks.filter(
      (bank) =>
        (!country || bank.country.toLowerCase() === country.toLowerCase()) &&
        (!currency || bank.currency === currency) &&
        (!type || bank.type === type),
    );
    if (query.get('use_cursor') !== 'true') return ok('Banks retrieved', matching);
    const start = Number(
      Buffer.from(query.get('next') ?? '', 'base64')
        .toString('utf8')
        .split(':')[1] ?? 0,
    );
    const size = Math.min(Number(query.get('perPage') ?? 50), maxBankPage);
    const end = start + size;
    const next = end < matching.length ? Buffer.from(`bank:${end}`).toString('base64') : null;
    return ok('Banks retrieved', matching.slice(start, end), { next, previous: null, perPage: size });
  }

  function resolve(query: URLSearchParams): FakeAnswer {
    const bankCode = query.get('bank_code') ?? '';
    if (!banks.some((bank) => bank.code === bankCode && bank.active))
      return refuse('Unknown bank code', {}, 422);
    const account = accounts.find(
      (row) => row.bankCode === bankCode && row.accountNumber === query.get('account_number'),
    );
    if (!account) return refuse('Could not resolve account name. Check parameters or try again.', {}, 422);
    return ok('Account number resolved', {
      account_number: account.accountNumber,
      account_name: account.accountName,
      bank_id: banks.findIndex((bank) => bank.code === bankCode) + 1,
    });
  }

  function createRecipient(body: Record<string, unknown>): FakeAnswer {
    const bank = sandboxBanks.find((row) => row.code === body.bank_code);
    if (!bank) return refuse('Unknown bank code');
    const accountNumber = String(body.account_number ?? '');
    let account = accounts.find((row) => row.bankCode === bank.code && row.accountNumber === accountNumber);
    // Paystack resolves bank accounts when it makes the recipient; wallets are taken as given.
    if (!account && body.type !== 'mobile_money') return refuse('Cannot resolve account');
    account ??= { bankCode: bank.code, accountNumber, accountName: String(body.name) };
    const currency = String(body.currency ?? bank.currency);
    let recipient = [...recipients.values()].find(
      (row) => row.account === account && row.currency === currency,
    );
    if (!recipient) {
      recipient = {
        id: randomInt(1_000_000, 9_999_999),
        code: `RCP_${randomBytes(8).toString('hex')}`,
        type: String(body.type),
        name: String(body.name),
        currency,
        account,
        bank,
        createdAt: now(),
      };
      recipients.set(recipient.code, recipient);
    }
    return ok('Transfer recipient created successfully', recipientData(recipient));
  }

  function initiate(body: Record<string, unknown>): FakeAnswer {
    const reference = String(body.reference ?? '');
    if (!/^[a-z0-9_-]+$/.test(reference)) return refuse('Your reference contains illegal special characters');
    if (transfers.has(reference))
      return refuse('Please provide a unique reference. Reference already exists on a transfer');
    const recipient = recipients.get(String(body.recipient));
    if (!recipient) {
      return refuse('Recipient specified is invalid', {
        meta: { nextStep: 'Provide a valid recipient.' },
        type: 'validation_error',
        code: 'invalid_transfer_recipient',
      });
    }
    const amount = body.amount;
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0)
      return refuse('Invalid amount passed.');
    const at = now();
    const tx: Transfer = {
      id: randomInt(100_000_000, 999_999_999),
      reference,
      code: `TRF_${randomBytes(8).toString('hex')}`,
      amount,
      fee: FAKE_TRANSFER_FEE,
      currency: String(body.currency ?? 'NGN'),
      reason: String(body.reason ?? ''),
      recipient,
      status: 'otp',
      failure: null,
      createdAt: at,
      updatedAt: at,
      transferredAt: null,
    };
    if (otpRequired) {
      transfers.set(reference, tx);
      return ok('Transfer requires OTP to continue', queuedData(tx));
    }
    const refused = queue(tx);
    if (refused) return refused;
    transfers.set(reference, tx);
    return ok('Transfer has been queued', queuedData(tx));
  }

  function finalize(body: Record<string, unknown>): FakeAnswer {
    const tx = [...transfers.values()].find((row) => row.code === body.transfer_code);
    if (!tx) return refuse('Transfer code is invalid');
    if (tx.status !== 'otp') return refuse('Transfer is not currently awaiting OTP');
    if (body.otp !== controls.otp) return refuse('Invalid OTP');
    return queue(tx) ?? ok('Transfer has been queued', queuedData(tx));
  }

  function route(method: string, path: string, query: URLSearchParams, body: Record<string, unknown>) {
    if (method === 'GET' && path === '/bank') return listBanks(query);
    if (method === 'GET' && path === '/bank/resolve') return resolve(query);
    if (method === 'POST' && path === '/transferrecipient') return createRecipient(body);
    if (method === 'POST' && path === '/transfer') return initiate(body);
    if (method === 'POST' && path === '/transfer/finalize_transfer') return finalize(body);
    const verify = /^\/transfer\/verify\/(.+)$/.exec(path);
    if (method === 'GET' && verify?.[1]) {
      const tx = transfers.get(decodeURIComponent(verify[1]));
      return tx ? ok('Transfer retrieved', transferData(tx)) : refuse('Transfer not found', {}, 404);
    }
    if (method === 'GET' && path === '/transfer') {
      const newestFirst = [...transfers.values()].reverse();
      const { rows, meta } = paged(newestFirst, query, (tx) => tx.createdAt);
      return ok('Transfers retrieved', rows.map(transferData), meta);
    }
    if (method === 'GET' && path === '/balance') {
      const currencies = new Set(['NGN', ...balances.keys()]);
      return ok(
        'Balances retrieved',
        [...currencies].map((currency) => ({ currency, balance: balanceOf(currency) })),
      );
    }
    if (method === 'GET' && path === '/balance/ledger') {
      const { rows, meta } = paged([...ledger].reverse(), query, (entry) => entry.createdAt);
      const data = rows.map((entry) => ({
        integration: 100073,
        domain: 'test',
        model_responsible: 'Transfer',
        updatedAt: entry.createdAt,
        ...entry,
      }));
      return ok('Balance ledger retrieved', data, meta);
    }
    return null;
  }

  const controls: FakeTransfers = {
    otp: '123456',
    addAccount(account) {
      accounts.push({ ...account });
    },
    requireOtp(on) {
      otpRequired = on;
    },
    bankPageSize(size) {
      maxBankPage = size;
    },
    setBalance(currency, amount) {
      balances.set(currency, amount);
    },
    balanceOf,
    succeed(reference, options = {}) {
      const tx = known(reference);
      if (tx.status !== 'pending') throw new Error(`fake paystack: transfer ${reference} is ${tx.status}`);
      update(tx, { status: 'success', transferredAt: now() });
      if (options.webhook !== false) deps.emit(webhookFor(reference, 'transfer.success'));
    },
    fail(reference, options = {}) {
      const tx = known(reference);
      if (tx.status !== 'pending') throw new Error(`fake paystack: transfer ${reference} is ${tx.status}`);
      update(tx, { status: 'failed', failure: options.reason ?? 'Account closed' });
      move(tx, tx.amount + tx.fee, `Failed transfer ${reference}`);
      if (options.webhook !== false) deps.emit(webhookFor(reference, 'transfer.failed'));
    },
    reverse(reference, options = {}) {
      const tx = known(reference);
      if (tx.status !== 'success') throw new Error(`fake paystack: transfer ${reference} is ${tx.status}`);
      update(tx, { status: 'reversed', failure: 'Transfer reversed by the receiving bank' });
      move(tx, tx.amount + tx.fee, `Reversed transfer ${reference}`);
      if (options.webhook !== false) deps.emit(webhookFor(reference, 'transfer.reversed'));
    },
    debitAgain(reference) {
      const tx = known(reference);
      move(tx, -(tx.amount + tx.fee), tx.reason);
    },
    webhookFor,
    status: (reference) => transfers.get(reference)?.status ?? null,
    onApproval(send) {
      approval = send;
    },
  };
  return { ...controls, route };
}

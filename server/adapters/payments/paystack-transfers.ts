import { z } from 'zod';
import {
  createPaystackCall,
  type PaystackAnswer,
  type PaystackSettings,
  queryString,
} from './paystack-client.ts';
import {
  pageOf,
  paystackBalanceSchema,
  paystackBankSchema,
  paystackCountryName,
  paystackLedgerEntrySchema,
  paystackRecipientSchema,
  paystackResolvedAccountSchema,
  paystackTransferSchema,
  toBank,
  toLedgerEntry,
  toProviderTransfer,
  toRecipient,
  toTransferApproval,
} from './paystack-transfer-format.ts';
import { PaymentProviderError } from './provider.ts';
import {
  AccountNotResolvedError,
  assertTransferReference,
  type Bank,
  type InitiatedTransfer,
  type PeriodQuery,
  TransferAlreadyInitiatedError,
  type TransferProvider,
  TransferRefusedError,
  TransferUnreachableError,
} from './transfers.ts';

/** Paystack's answer to a reference used before ("Reference already exists on a transfer"). */
const duplicateReference = (answer: PaystackAnswer) =>
  /duplicate/i.test(answer.code) || /reference already exists|duplicate.*reference/i.test(answer.message);

/** Enough for every bank of a country in a few calls; the cursor loop stops at this many pages. */
const BANK_PAGE_SIZE = 100;
const BANK_PAGES_AT_MOST = 20;

/** Paystack Transfers (amounts in kobo, pesewas, cents): payouts from the integration's balance. */
export function createPaystackTransfers(settings: PaystackSettings): TransferProvider {
  const call = createPaystackCall(settings, (message) => new TransferUnreachableError(message));

  /** Every answer Paystack gave; a 5xx is no answer (the call may or may not have taken effect). */
  async function ask(method: 'GET' | 'POST', path: string, body?: object): Promise<PaystackAnswer> {
    const answer = await call(method, path, body);
    if (answer.status >= 500) {
      throw new TransferUnreachableError(`Paystack ${method} ${path}: ${answer.status} ${answer.message}`);
    }
    return answer;
  }

  function refusal(answer: PaystackAnswer, what: string): PaymentProviderError {
    // A bad key is our configuration, not something to show a creator.
    if (answer.status === 401 || answer.status === 403)
      return new PaymentProviderError(`Paystack ${what}: ${answer.status} ${answer.message}`);
    return new TransferRefusedError(answer.message || `${what} was refused`, answer.status);
  }

  async function askOk(method: 'GET' | 'POST', path: string, body?: object): Promise<PaystackAnswer> {
    const answer = await ask(method, path, body);
    if (!answer.ok) throw refusal(answer, `${method} ${path}`);
    return answer;
  }

  function read<Schema extends z.ZodType>(schema: Schema, data: unknown, what: string): z.infer<Schema> {
    const parsed = schema.safeParse(data);
    if (!parsed.success) throw new PaymentProviderError(`Paystack ${what}: unexpected answer`);
    return parsed.data;
  }

  /** Paystack took the transfer: an answer we cannot read leaves its outcome unknown, not refused. */
  const initiated = (data: unknown, what: string): InitiatedTransfer => {
    const parsed = paystackTransferSchema.safeParse(data);
    if (!parsed.success) throw new TransferUnreachableError(`Paystack ${what}: unexpected answer`);
    const { reference, transferCode, status, fee } = toProviderTransfer(parsed.data);
    return { reference, transferCode, status, fee };
  };

  const period = (query: PeriodQuery) => ({
    from: query.from?.toISOString(),
    to: query.to?.toISOString(),
    page: query.page,
  });

  return {
    name: 'paystack',

    async listBanks({ country, currency, type }) {
      const banks: Bank[] = [];
      let next: string | undefined;
      for (let page = 0; page < BANK_PAGES_AT_MOST; page += 1) {
        const query = queryString({
          country: paystackCountryName(country),
          currency,
          type,
          use_cursor: 'true',
          perPage: BANK_PAGE_SIZE,
          next,
        });
        const answer = await askOk('GET', `/bank${query}`);
        for (const data of read(z.array(paystackBankSchema), answer.data, 'bank list')) {
          const bank = toBank(data, country);
          if (bank) banks.push(bank);
        }
        const cursor = z.object({ next: z.string().nullish() }).safeParse(answer.meta);
        next = cursor.success ? (cursor.data.next ?? undefined) : undefined;
        if (!next) break;
      }
      return banks;
    },

    async resolveAccount({ accountNumber, bankCode }) {
      const query = queryString({ account_number: accountNumber, bank_code: bankCode });
      const answer = await ask('GET', `/bank/resolve${query}`);
      if (!answer.ok) {
        const error = refusal(answer, 'resolve');
        if (error instanceof TransferRefusedError)
          throw new AccountNotResolvedError(error.message, answer.status);
        throw error;
      }
      const data = read(paystackResolvedAccountSchema, answer.data, 'resolve');
      return { accountNumber: data.account_number, accountName: data.account_name };
    },

    async createRecipient(input) {
      const answer = await askOk('POST', '/transferrecipient', {
        type: input.type,
        name: input.name,
        account_number: input.accountNumber,
        bank_code: input.bankCode,
        currency: input.currency,
      });
      return toRecipient(read(paystackRecipientSchema, answer.data, 'transfer recipient'));
    },

    async initiateTransfer(input) {
      assertTransferReference(input.reference);
      const answer = await ask('POST', '/transfer', {
        source: 'balance',
        amount: input.amount.amount,
        currency: input.amount.currency,
        recipient: input.recipientCode,
        reference: input.reference,
        reason: input.reason,
      });
      if (!answer.ok) {
        if (duplicateReference(answer)) throw new TransferAlreadyInitiatedError(input.reference);
        throw refusal(answer, 'transfer');
      }
      return initiated(answer.data, 'transfer');
    },

    async finalizeTransfer({ transferCode, otp }) {
      const answer = await askOk('POST', '/transfer/finalize_transfer', { transfer_code: transferCode, otp });
      return initiated(answer.data, 'finalize transfer');
    },

    async verifyTransfer(reference) {
      const answer = await ask('GET', `/transfer/verify/${encodeURIComponent(reference)}`);
      if (answer.status === 404 || (answer.status === 400 && /not found/i.test(answer.message))) return null;
      if (!answer.ok) throw refusal(answer, 'verify transfer');
      return toProviderTransfer(read(paystackTransferSchema, answer.data, 'verify transfer'));
    },

    async listTransfers(query = {}) {
      const answer = await askOk('GET', `/transfer${queryString(period(query))}`);
      const items = read(z.array(paystackTransferSchema), answer.data, 'transfer list').map(
        toProviderTransfer,
      );
      return { items, ...pageOf(answer.meta, query.page) };
    },

    async balance() {
      const answer = await askOk('GET', '/balance');
      return read(paystackBalanceSchema, answer.data, 'balance').map((row) => ({
        amount: row.balance,
        currency: row.currency,
      }));
    },

    async balanceLedger(query = {}) {
      const answer = await askOk('GET', `/balance/ledger${queryString(period(query))}`);
      const items = read(z.array(paystackLedgerEntrySchema), answer.data, 'balance ledger').map(
        toLedgerEntry,
      );
      return { items, ...pageOf(answer.meta, query.page) };
    },

    parseTransferApproval: toTransferApproval,
  };
}

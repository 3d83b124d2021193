import type { Money } from '../../../common/plans.ts';
import { PaymentProviderError, type ProviderName } from './provider.ts';

/** The countries payouts can go to (ISO 3166 alpha-2). */
export const transferCountries = ['NG', 'GH', 'KE', 'ZA'] as const;
export type TransferCountry = (typeof transferCountries)[number];

/**
 * How an account is reached: a bank account in Nigeria (NUBAN), Ghana (GhIPSS), Kenya (KEPSS) or
 * South Africa (BASA), or a mobile-money wallet (Ghana, Kenya).
 */
export const accountTypes = ['nuban', 'ghipss', 'kepss', 'basa', 'mobile_money'] as const;
export type AccountType = (typeof accountTypes)[number];

export interface Bank {
  name: string;
  /** What `resolveAccount` and `createRecipient` take as `bankCode`. */
  code: string;
  type: AccountType;
  currency: string;
  country: TransferCountry;
}

export interface ResolvedAccount {
  accountNumber: string;
  /** The holder's name as the bank has it. */
  accountName: string;
}

export interface NewRecipient {
  type: AccountType;
  /** The holder's name (from `resolveAccount`). */
  name: string;
  accountNumber: string;
  bankCode: string;
  currency: string;
}

export interface Recipient {
  /** What transfers are sent to. */
  recipientCode: string;
  bankName: string;
  /** The account number's last four digits, for showing the account without its number. */
  last4: string;
  accountName: string | null;
}

/**
 * Where a transfer stands. `otp`: waits for `finalizeTransfer`. `success` can still become
 * `reversed` (the bank sent the money back). `failed` covers every end where no money left
 * (failed, abandoned, blocked, rejected at approval). Anything the provider says that is none of
 * these reads `pending`: an unknown state is never taken for an outcome.
 */
export type TransferStatus = 'pending' | 'otp' | 'success' | 'failed' | 'reversed';

export interface TransferInput {
  /**
   * Ours, made before the first attempt and kept for every retry: the provider refuses a reference
   * twice, so one reference can never pay twice. Lowercase letters, digits, `-` and `_`.
   */
  reference: string;
  amount: Money;
  recipientCode: string;
  /** The narration the recipient's bank shows. */
  reason: string;
}

export interface InitiatedTransfer {
  reference: string;
  transferCode: string;
  status: TransferStatus;
  /** The provider's fee in minor units, when it says. */
  fee: number | null;
}

/** What the provider says about one transfer. */
export interface ProviderTransfer extends InitiatedTransfer {
  amount: number;
  currency: string;
  /** Null when the provider names the recipient only by its internal id. */
  recipientCode: string | null;
  /** The provider's own words on why a transfer failed or was reversed. */
  failureReason: string | null;
  /** The provider's status word, for logs (`status` is what to act on). */
  providerStatus: string;
  createdAt: Date | null;
  transferredAt: Date | null;
}

export interface ProviderPage<Item> {
  items: Item[];
  page: number;
  pageCount: number;
}

export interface PeriodQuery {
  from?: Date;
  to?: Date;
  /** 1-based. */
  page?: number;
}

/** One movement of the provider balance, for reconciliation. */
export interface BalanceLedgerEntry {
  id: string;
  at: Date;
  currency: string;
  /** Signed, in minor units: negative when money left (a transfer), positive when it came in. */
  change: number;
  /** The balance after this movement. */
  balance: number;
  /** What moved it, in the provider's words ('Transfer', 'Transaction', 'Refund', ...). */
  source: string;
  sourceId: string;
  reason: string;
}

/** A transfer the provider asks us to approve before it sends it. */
export interface TransferApprovalRequest {
  reference: string;
  transferCode: string | null;
  amount: number;
  currency: string;
  /** Null when the request names the recipient only by its internal id (then refuse it). */
  recipientCode: string | null;
}

/**
 * Paying creators out from the platform's provider balance (docs/decisions/0035-payout-transfers.md).
 * Amounts are integer minor units.
 *
 * Errors: `TransferUnreachableError` (no answer: the outcome is unknown), `TransferAlreadyInitiatedError`
 * (the reference was used: verify it), `TransferRefusedError` (the provider said no; its message can be
 * shown), and `PaymentProviderError` for anything else the provider refused (a bad key).
 * The outcome of a transfer also arrives as a `transfer.*` `ProviderEvent` through the provider's one
 * webhook entry (`PaymentProvider.parseWebhook`).
 */
export interface TransferProvider {
  readonly name: ProviderName;
  listBanks(input: { country: TransferCountry; currency: string; type?: AccountType }): Promise<Bank[]>;
  /** Throws `AccountNotResolvedError` with the provider's message when the account is not found. */
  resolveAccount(input: { accountNumber: string; bankCode: string }): Promise<ResolvedAccount>;
  createRecipient(input: NewRecipient): Promise<Recipient>;
  /**
   * Sends money under our reference. Only a `TransferUnreachableError` leaves the outcome unknown:
   * keep the payout pending and `verifyTransfer` later; never send again under a new reference.
   */
  initiateTransfer(input: TransferInput): Promise<InitiatedTransfer>;
  /** Completes a transfer that answered `otp`. */
  finalizeTransfer(input: { transferCode: string; otp: string }): Promise<InitiatedTransfer>;
  /** Null when the provider does not know the reference (it was never made). */
  verifyTransfer(reference: string): Promise<ProviderTransfer | null>;
  listTransfers(query?: PeriodQuery): Promise<ProviderPage<ProviderTransfer>>;
  /** What the balance holds, per currency. */
  balance(): Promise<Money[]>;
  balanceLedger(query?: PeriodQuery): Promise<ProviderPage<BalanceLedgerEntry>>;
  /**
   * Reads the provider's approval request (sent before a transfer goes out; answer 200 to approve,
   * 400 to reject). Null when it is not a single transfer we can read: reject it. The request is not
   * signed, so approve only a reference we initiated, with the same amount, currency and recipient.
   */
  parseTransferApproval(rawBody: Buffer): TransferApprovalRequest | null;
}

/**
 * The provider could not be reached or gave no readable answer (network failure, timeout, a 5xx):
 * whether the call took effect is unknown.
 */
export class TransferUnreachableError extends Error {
  override name = 'TransferUnreachableError';
}

/** The reference was already used for a transfer (perhaps by a call that timed out): verify it. */
export class TransferAlreadyInitiatedError extends Error {
  override name = 'TransferAlreadyInitiatedError';
  readonly reference: string;
  constructor(reference: string) {
    super(`transfer ${reference} was already initiated`);
    this.reference = reference;
  }
}

/** The provider answered and refused; `providerMessage` is its own words, fit to show the user. */
export class TransferRefusedError extends PaymentProviderError {
  override name = 'TransferRefusedError';
  readonly providerMessage: string;
  /** The HTTP status of the refusal. */
  readonly status: number;
  constructor(providerMessage: string, status: number) {
    super(providerMessage);
    this.providerMessage = providerMessage;
    this.status = status;
  }
}

/** The bank does not know the account (or the bank code is wrong). */
export class AccountNotResolvedError extends TransferRefusedError {
  override name = 'AccountNotResolvedError';
}

/** Paystack's rule for transfer references, which the sandbox keeps too. */
export function assertTransferReference(reference: string): void {
  if (!/^[a-z0-9_-]{1,100}$/.test(reference)) {
    throw new PaymentProviderError(
      `transfer reference ${JSON.stringify(reference)}: use lowercase letters, digits, - and _`,
    );
  }
}
